import { describe, expect, it } from "vitest";
import { shown } from "./common.ts";

describe("a found value as messages show it (shown)", () => {
  it("quotes text, writes the rest as JSON, and says 'nothing' for a value left out", () => {
    expect(shown("two")).toBe('"two"');
    expect(shown(5)).toBe("5");
    expect(shown([1, 2])).toBe("[1,2]");
    expect(shown({ a: [true, null] })).toBe('{"a":[true,null]}');
    expect(shown(undefined)).toBe("nothing");
  });

  it("never prints a received value whole: long ones are cut, deep ones stop three levels down", () => {
    expect(shown("x".repeat(10_000))).toBe(`"${"x".repeat(76)}...`);
    expect(shown(Array.from({ length: 1000 }, (_, i) => i))).toMatch(/^\[0,1,2,.{60,}\.\.\.$/);
    expect(shown(Array.from({ length: 1000 }, (_, i) => i)).length).toBe(80);
    // A list nested 5,000 deep overflowed JSON.stringify's stack.
    const deep = JSON.parse(`${"[".repeat(5000)}${"]".repeat(5000)}`);
    expect(shown(deep)).toBe("[[[[...]]]]");
    expect(shown({ firstName: deep })).toBe('{"firstName":[[[...]]]}');
  });
});
