import { describe, expect, it } from "vitest";
import {
  manageUrl,
  newRsvpToken,
  readRsvpToken,
  rsvpLinkUrl,
  rsvpTokenHash,
} from "./manage-link.ts";

const SECRET = "test-secret-of-this-server";

describe("RSVP links", () => {
  it("reads back what it made, with the hash the store keeps", () => {
    const token = newRsvpToken(SECRET, "manage", "event");
    expect(readRsvpToken(SECRET, "manage", token)).toEqual({
      kind: "event",
      hash: rsvpTokenHash(token),
    });
    expect(readRsvpToken(SECRET, "manage", newRsvpToken(SECRET, "manage", "social"))?.kind).toBe(
      "social",
    );
  });

  it("makes a new, unguessable token every time (144 random bits)", () => {
    const tokens = new Set(
      Array.from({ length: 200 }, () => newRsvpToken(SECRET, "manage", "event")),
    );
    expect(tokens.size).toBe(200);
    const [value] = [...tokens][0]?.split(".") ?? [];
    expect(Buffer.from(value?.slice(1) ?? "", "base64url").length).toBe(18);
  });

  it("refuses a token of another secret, another purpose, or altered", () => {
    const token = newRsvpToken(SECRET, "manage", "event");
    expect(readRsvpToken("another-secret", "manage", token)).toBeUndefined();
    expect(readRsvpToken(SECRET, "claim", token)).toBeUndefined();
    const [value, signature] = token.split(".");
    expect(readRsvpToken(SECRET, "manage", `s${value?.slice(1)}.${signature}`)).toBeUndefined();
    expect(readRsvpToken(SECRET, "manage", `${value}x.${signature}`)).toBeUndefined();
    expect(readRsvpToken(SECRET, "manage", "")).toBeUndefined();
    expect(readRsvpToken(SECRET, "manage", 42)).toBeUndefined();
  });

  it("puts the token in the fragment, which no browser sends to a server or in a Referer", () => {
    const token = newRsvpToken(SECRET, "manage", "event");
    const url = new URL(manageUrl("https://www.example.org/", token));
    expect(url.pathname).toBe("/rsvp/manage");
    expect(url.search).toBe("");
    expect(url.hash).toBe(`#${token}`);
    expect(rsvpLinkUrl("http://127.0.0.1:8080", "claim", token)).toBe(
      `http://127.0.0.1:8080/rsvp/claim#${token}`,
    );
  });
});
