import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { macOf, randomText, signToken, verifyToken } from "./tokens.ts";

describe("the server's tokens", () => {
  it("draws each random byte once, across the pool's refills", () => {
    // 18 bytes a token: 1,000 of them empty the 4 KB pool four times, mid-token each time.
    const tokens = Array.from({ length: 1000 }, () => randomText(18));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it("signs as before the secret became a key object, so the links already sent still work", () => {
    const secret = "the server's secret";
    const before = createHmac("sha256", secret).update("manage\ne123").digest("base64url");
    expect(macOf(secret, "manage\ne123")).toBe(before);
    expect(signToken(secret, "manage", "e123")).toBe(`e123.${before}`);
    expect(verifyToken(secret, "manage", `e123.${before}`)).toBe("e123");
    expect(verifyToken("another secret", "manage", `e123.${before}`)).toBeUndefined();
  });
});
