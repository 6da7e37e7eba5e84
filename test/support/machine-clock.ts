/**
 * The environment for a program the tests start that is not lodge (PostgreSQL, Chromium), without
 * libfaketime. The suite is shown not to depend on the day by running it under Debian's faketime
 * (`faketime '2028-12-01 12:00:00' npx vitest run`), which reaches every process started from it
 * through LD_PRELOAD; the programs lodge talks to keep the machine's own clock, so such a run
 * proves the suite, not how a database server or a browser copes with a clock set years ahead.
 * The times that matter are the tests' own: lodge's clock (`now`), and in Chromium the page's
 * (playwright's page.clock).
 */
export function withoutFaketime(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name.startsWith("FAKETIME") || name === "DONT_FAKE_MONOTONIC") {
      continue;
    }
    kept[name] = value;
  }
  const preload = (env.LD_PRELOAD ?? "")
    .split(/[: ]+/)
    .filter((library) => library !== "" && !library.includes("faketime"));
  if (preload.length > 0) kept.LD_PRELOAD = preload.join(":");
  else delete kept.LD_PRELOAD;
  return kept;
}
