/** One thing wrong (error) or suspicious (warning) in the data, located in its file. */
export interface Problem {
  severity: "error" | "warning";
  /** Path of the file, as the user would type it (relative to the working directory). */
  file: string;
  line: number;
  column: number;
  /** Which entry, e.g. 'events[3] (2024/11/20 Stated Meeting)'. */
  entry?: string;
  /** Which field of the entry, e.g. 'earlyBirdOptions.cost'. */
  field?: string;
  message: string;
}

export function formatProblem(p: Problem): string {
  const where = `${p.file}:${p.line}:${p.column}`;
  const what = p.field ? `${p.field}: ${p.message}` : p.message;
  return [where, p.severity === "warning" ? "warning" : undefined, p.entry, what]
    .filter((part) => part !== undefined && part !== "")
    .join("  ");
}

/** Errors first, then by file and position, so the output reads top to bottom. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column,
  );
}
