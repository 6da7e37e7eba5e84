import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readDoorToken } from "../server/members/door-link.ts";
import { openStore } from "../server/store/open-store.ts";
import { TEST_SECRET } from "./support/api-harness.ts";
import { lodge, lodgeAt, NOW, sampleCopy } from "./support/cli-harness.ts";
import { parseMail } from "./support/mime.ts";

/**
 * `lodge door EVENT [--to ADDRESS]` on a copy of the sample lodge, at the tests' moment: the
 * link and its QR code printed, the link's token the server's, the mail queued with --to, and
 * each bad input refused with what to do.
 */
let sample: ReturnType<typeof sampleCopy> | undefined;
afterEach(() => {
  sample?.cleanup();
  sample = undefined;
});

function lodgeWithSecret() {
  sample = sampleCopy();
  mkdirSync(join(sample.root, "var"), { recursive: true });
  writeFileSync(join(sample.root, "var", "xsrf-secret"), `${TEST_SECRET}\n`);
  return sample.root;
}

describe("lodge door", () => {
  it("prints the door link of a meeting with its QR code, and mails it with --to", async () => {
    const root = lodgeWithSecret();
    const printed = await lodge(root, "door", "2026-12-02");
    expect(printed.code).toBe(0);
    expect(printed.stdout[0]).toBe(
      "The register of Stated Meeting (2026-12-02-stated-meeting), open from Tue, Dec 1, 2026 to the end of Thu, Dec 3, 2026:",
    );
    const link = printed.stdout[2] ?? "";
    expect(link).toMatch(/^https:\/\/www\.hillcrest586\.example\.org\/rsvp\/door#t=/);
    expect(readDoorToken(TEST_SECRET, link.split("#t=")[1])).toBe("2026-12-02-stated-meeting");
    // The QR code: square blocks of half-height characters, a few dozen lines.
    const qr = printed.stdout.slice(4).filter((line) => /^[█▀▄ ]+$/.test(line));
    expect(qr.length).toBeGreaterThan(15);
    expect(new Set(qr.map((line) => [...line].length)).size).toBe(1);

    openStore(join(root, "var", "lodge.db"), NOW).close();
    const mailed = await lodge(root, "door", "2026-12-02", "--to", "tyler@example.org");
    expect(mailed.stderr).toEqual([]);
    expect(mailed.code).toBe(0);
    expect(mailed.stdout.at(-1)).toBe(
      "Mailed to tyler@example.org (lodge serve sends it; lodge mail lists it).",
    );
    const store = openStore(join(root, "var", "lodge.db"), NOW);
    const [queued] = await store.listMail();
    const raw = await store.dump().then((d) => d.outbox[0]?.raw as Buffer);
    await store.close();
    expect(queued).toMatchObject({ kind: "door-link", to: "tyler@example.org", status: "pending" });
    const mail = await parseMail(raw);
    expect(mail.subject).toBe(
      "The Tyler's register for Stated Meeting, Wed, Dec 2, 2026 at 7:30PM",
    );
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);
  });

  it("refuses a bad address, a meeting whose register has closed and a server secret it cannot find", async () => {
    const root = lodgeWithSecret();
    const bad = await lodge(root, "door", "2026-12-02", "--to", "tyler");
    expect(bad.code).toBe(1);
    expect(bad.stderr.join("\n")).toContain("--to tyler: needs an @");
    const late = await lodgeAt(
      { cwd: root, now: new Date("2026-12-04T06:00:00Z") },
      "door",
      "2026-12-02",
    );
    expect(late.code).toBe(1);
    expect(late.stderr.join("\n")).toContain("closed at the end of the day after it");
    sample?.cleanup();
    sample = sampleCopy();
    const unsigned = await lodge(sample.root, "door", "2026-12-02");
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr.join("\n")).toContain("lodge serve's secret, which is not set here");
  });
});
