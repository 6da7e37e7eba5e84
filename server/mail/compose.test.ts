import { describe, expect, it } from "vitest";
import { parseMail } from "../../test/support/mime.ts";
import { composeMail, HeaderInjectionError } from "./compose.ts";

const base = {
  kind: "test",
  from: '"Hillcrest Lodge" <lodge@example.org>',
  to: "ann@example.org",
  subject: "Hello",
  text: "Body",
  html: "<p>Body</p>",
};

describe("composing mail", () => {
  it("builds the whole message with its envelope, text and HTML parts", async () => {
    const mail = await composeMail({ ...base, replyTo: "secretary@example.org" });
    expect(mail.envelope).toEqual({ from: "lodge@example.org", to: ["ann@example.org"] });
    expect(mail.messageId).toMatch(/^<.+@example\.org>$/);
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe("Hello");
    expect(parsed.headers.get("reply-to")).toBe("secretary@example.org");
    expect(parsed.text).toBe("Body");
    expect(parsed.html).toBe("<p>Body</p>");
  });

  it("refuses a line break in any header value, so no header can be smuggled in", async () => {
    for (const [field, value] of [
      ["subject", "Hi\r\nBcc: victim@example.org"],
      ["to", "ann@example.org\nBcc: victim@example.org"],
      ["replyTo", "ann@example.org\rX: y"],
      ["from", "lodge@example.org\r\n"],
    ] as const) {
      await expect(composeMail({ ...base, [field]: value })).rejects.toThrow(HeaderInjectionError);
    }
  });
});
