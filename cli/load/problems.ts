/**
 * One thing wrong (error) or suspicious (warning) in the data, or something lodge did with it
 * that the user should know once (note: e.g. a column read under another name), located in its
 * file.
 */
export interface Problem {
  severity: "error" | "warning" | "note";
  /** Path of the file, as the user would type it (relative to the working directory). */
  file: string;
  /** 1-based; 0 (see WHOLE_FILE) when the problem is the file or folder itself, with no place in it. */
  line: number;
  column: number;
  /** Which entry, e.g. 'events[3] (2024/11/20 Stated Meeting)'. */
  entry?: string;
  /** Which field of the entry, e.g. 'earlyBirdOptions.cost'. */
  field?: string;
  message: string;
  /** The line of the file and a caret under the place, for a syntax error. */
  excerpt?: string;
  /** A file the data names is not there: a warning while one works, an error for the build. */
  missingFile?: true;
  /**
   * Something `lodge init` put in for the webmaster to replace, named as the build's refusal
   * lists it ('the address in lodge.yaml'): a warning, and an error for a build but a draft.
   */
  placeholder?: string;
}

/** The position of a problem that is the file or folder itself (missing, unreadable, not ours). */
export const WHOLE_FILE = { line: 0, column: 0 } as const;

/**
 * The problems as `lodge build` holds them: a file the pages need and cannot find (a broken
 * picture on the built site) is an error there, where validate and dev keep it a warning.
 */
export function forBuild(problems: readonly Problem[], draft = false): Problem[] {
  return problems.map((p) =>
    p.missingFile || (p.placeholder && !draft) ? { ...p, severity: "error" } : p,
  );
}

/**
 * The sentence of a build refused for placeholders alone: what they are, where, and the two ways
 * on (replace them, or build a draft to look at).
 */
export function placeholdersRefusal(data: string, problems: readonly Problem[]): string {
  const what = problems.flatMap((p) => (p.placeholder ? [p.placeholder] : []));
  const list =
    what.length > 1 ? `${what.slice(0, -1).join(", ")} and ${what.at(-1)}` : (what[0] ?? "");
  return `${data} still holds what lodge init put in for you to replace: ${list} (listed above). Replace ${what.length === 1 ? "it" : "them"} before the site goes live, or build a draft to look at with --draft. Nothing was built.`;
}

export function formatProblem(p: Problem): string {
  const where = p.line > 0 ? `${p.file}:${p.line}:${p.column}` : p.file;
  const what = p.field ? `${p.field}: ${p.message}` : p.message;
  const line = [where, p.severity === "error" ? undefined : p.severity, p.entry, what]
    .filter((part) => part !== undefined && part !== "")
    .join("  ");
  return p.excerpt ? `${line}\n${p.excerpt}` : line;
}

const RANK = { error: 0, warning: 1, note: 2 } as const;

/** Errors first, then warnings, then notes, each by file and position, so the output reads top to bottom. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column,
  );
}
