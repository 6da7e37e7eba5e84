import { ENTITY_LIST } from "../../core/schemas/index.ts";
import type { Problem } from "./problems.ts";

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The one-line summary: how many entries of each entity were read, and how many problems. */
export function summarize(
  dir: string,
  counts: Record<string, number>,
  problems: readonly Problem[],
): string {
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.filter((p) => p.severity === "warning").length;
  // Nothing read (the folder is not a lodge's): a row of zeros would only hide the one line above.
  const nothing = Object.keys(counts).length === 0;
  const read = nothing
    ? "no lodge data read"
    : ENTITY_LIST.flatMap(({ key, noun, kept }) => {
        if (!noun) return [];
        const entries = plural(counts[key] ?? 0, ...noun);
        return kept === "lists"
          ? [`${entries} in ${plural(counts.pastMasterLists ?? 0, "list")}`]
          : [entries];
      }).join(", ");
  const verdict =
    errors > 0
      ? `${plural(errors, "error")}, ${plural(warnings, "warning")}. Fix the errors and run lodge validate again.`
      : `no errors, ${plural(warnings, "warning")}.`;
  return `${dir}: ${read}; ${verdict}`;
}
