import { join } from "node:path";
import { output } from "./measure.ts";

/**
 * The audit's build: `lodge build` of a checkout (its sample lodge, unless `args` name another)
 * into `scratch`, with the data modules in `scratch` too, so it never touches the checkout's
 * site/generated/ (which a fresh clone does not have). Resolves to the built site's folder.
 */
export async function auditBuild(
  checkout: string,
  scratch: string,
  args: string[] = [],
): Promise<string> {
  const dist = join(scratch, "dist");
  await output(
    process.execPath,
    [join(checkout, "cli", "index.ts"), "build", "--out", dist, ...args],
    { LODGE_GENERATED_DIR: join(scratch, "generated") },
    checkout,
  );
  return dist;
}
