import type { Problem } from "./problems.ts";

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The one-line summary: what was read, and how many problems. */
export function summarize(
  dir: string,
  counts: Record<string, number>,
  problems: readonly Problem[],
): string {
  const errors = problems.filter((p) => p.severity === "error").length;
  const warnings = problems.filter((p) => p.severity === "warning").length;
  const read = [
    plural(counts.events ?? 0, "event"),
    plural(counts.socialEvents ?? 0, "social outing"),
    plural(counts.officers ?? 0, "officer"),
    `${plural(counts.pastMasters ?? 0, "past master")} in ${plural(counts.pastMasterLists ?? 0, "list")}`,
    plural(counts.bulletins ?? 0, "past bulletin"),
    plural(counts.albums ?? 0, "album"),
    plural(counts.recentEvents ?? 0, "recent event"),
    plural(counts.history ?? 0, "history entry", "history entries"),
    plural(counts.pages ?? 0, "page"),
  ].join(", ");
  const verdict =
    errors > 0
      ? `${plural(errors, "error")}, ${plural(warnings, "warning")}. Fix the errors and run lodge validate again.`
      : `no errors, ${plural(warnings, "warning")}.`;
  return `${dir}: ${read}; ${verdict}`;
}
