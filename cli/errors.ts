/**
 * A mistake the user can fix (bad input, a failed check). Printed as its message alone, without
 * a stack trace, and the command exits 1. Anything else that escapes a command is a bug.
 */
export class UserError extends Error {
  override name = "UserError";
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** The one place that turns an escaped error into output and an exit code. */
export function handleError(error: unknown, output: Output): number {
  if (error instanceof UserError) {
    output.err(error.message);
    return 1;
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
