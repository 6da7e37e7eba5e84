import { describe, expect, it } from "vitest";
import { handleError, UserError } from "./errors.ts";

function capture(error: unknown) {
  const err: string[] = [];
  const code = handleError(error, { out: () => {}, err: (line) => err.push(line) });
  return { code, text: err.join("\n") };
}

describe("handleError", () => {
  it("prints a user's mistake as its message alone and exits 1", () => {
    expect(capture(new UserError("data/ has 2 errors (listed above). Nothing was built."))).toEqual(
      {
        code: 1,
        text: "data/ has 2 errors (listed above). Nothing was built.",
      },
    );
  });

  it("prints a bug as an internal error with its whole cause chain", () => {
    const { code, text } = capture(
      new Error("could not render events.ts", { cause: new TypeError("x is undefined") }),
    );
    expect(code).toBe(1);
    expect(text).toMatch(/^Internal error: this is a bug in lodge, not in your data\./);
    expect(text).toMatch(/Error: could not render events\.ts\n {4}at /);
    expect(text).toMatch(/Caused by:\nTypeError: x is undefined/);
  });
});
