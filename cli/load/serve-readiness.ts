import { ENVIRONMENT } from "../../server/main.ts";
import type { Loaded } from "./load-data.ts";
import type { Problem } from "./problems.ts";

/**
 * What `lodge serve` would refuse in data that is otherwise valid, as warnings, so `lodge
 * validate` says so before anyone serves: serve refuses data with an error (validate's errors)
 * and a lodge with nowhere to send RSVPs and messages (no secretaryEmail in lodge.yaml and no
 * SECRETARY_EMAIL in the environment serve reads, here the one validate runs in).
 */
export function serveReadiness(
  loaded: Pick<Loaded, "data" | "sources">,
  env: Record<string, string | undefined>,
): Problem[] {
  const lodge = loaded.data?.lodge;
  const source = loaded.sources.lodge;
  if (!lodge || !source) return [];
  if (lodge.secretaryEmail || env[ENVIRONMENT.secretaryEmail]?.trim()) return [];
  return [
    {
      severity: "warning",
      file: source.file,
      ...source.position(["secretaryEmail"]),
      message:
        "set secretaryEmail before you serve: RSVP notices and contact messages go to it, and lodge serve does not start without it (or SECRETARY_EMAIL)",
    },
  ];
}
