import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { outboxFolderTransport } from "./transport.ts";

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const mail = (id: number, text: string) => ({
  id,
  attempts: 0,
  kind: "rsvp-notice",
  envelope: { from: "lodge@example.org", to: ["secretary@example.org"] },
  messageId: `<${id}@example.org>`,
  raw: Buffer.from(text),
});

describe("the outbox folder transport", () => {
  it("writes each mail whole under its id and kind, making the folder when it is not there", async () => {
    const root = mkdtempSync(join(tmpdir(), "lodge-outbox-"));
    dirs.push(root);
    const dir = join(root, "var", "outbox");
    const transport = outboxFolderTransport(dir);
    await transport.deliver(mail(1, "first"));
    await transport.deliver(mail(1, "first, again"));
    expect(readdirSync(dir)).toEqual(["000001-rsvp-notice.eml"]);
    expect(readFileSync(join(dir, "000001-rsvp-notice.eml"), "utf8")).toBe("first, again");
    // Removed while the server runs: made again by the next mail.
    rmSync(dir, { recursive: true });
    await transport.deliver(mail(2, "second"));
    expect(readdirSync(dir)).toEqual(["000002-rsvp-notice.eml"]);
    expect(existsSync(join(dir, ".000002-rsvp-notice.eml.tmp"))).toBe(false);
  });
});
