/**
 * A mistake the user can fix (bad input, a failed check). Printed as its message alone, without
 * a stack trace, and the command exits 1. Anything else that escapes a command is a bug.
 */
export class UserError extends Error {
  override name = "UserError";
  /** The command's exit code. */
  readonly exitCode: number = 1;
}

/**
 * The person at the terminal stopped answering the command's questions: Ctrl-C (exit 130, as a
 * shell reports a command stopped by it) or the end of the input, Ctrl-D (exit 1). The command
 * has written nothing; `nothing` says so in its own words ("Nothing was added.").
 */
export class Abandoned extends UserError {
  override name = "Abandoned";
  override readonly exitCode: number;
  readonly how: "interrupted" | "ended";
  constructor(message: string, how: "interrupted" | "ended") {
    super(message);
    this.how = how;
    this.exitCode = how === "interrupted" ? 130 : 1;
  }

  /** The same, with a sentence added that says what was left undone. */
  saying(nothing: string): Abandoned {
    return new Abandoned(`${this.message} ${nothing}`, this.how);
  }
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** The one place that turns an escaped error into output and an exit code. */
export function handleError(error: unknown, output: Output): number {
  if (error instanceof UserError) {
    output.err(error.message);
    return error.exitCode;
  }
  const lines = [
    "Internal error: this is a bug in lodge, not in your data. Please report it with the lines below.",
  ];
  let cause: unknown = error;
  while (cause !== undefined) {
    lines.push(
      cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause),
    );
    cause = cause instanceof Error ? cause.cause : undefined;
    if (cause !== undefined) lines.push("Caused by:");
  }
  output.err(lines.join("\n"));
  return 1;
}
