import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dkimVerify } from "mailauth";
import { afterEach, describe, expect, it } from "vitest";
import { sampleData } from "../../test/support/api-harness.ts";
import { TestSmtp } from "../../test/support/smtp-harness.ts";
import { ConfigError, dkimOf, mailIdentity } from "../config.ts";
import { announcementMail, renderAnnouncement } from "./announcement.ts";
import { loadTemplates } from "./templates.ts";
import { smtpTransport } from "./transport.ts";

/**
 * DKIM, nodemailer's own signing, set by DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR and DKIM_DOMAIN:
 * an announcement sent over SMTP arrives signed, and mailauth (a DKIM verifier) passes it
 * against the public key as the domain's DNS would publish it; a changed message fails.
 */
let dir: string | undefined;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.stop();
  smtp = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const lodge = sampleData().lodge;
const { mailFrom, secretaryEmail } = mailIdentity({}, lodge);
const ctx = { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };

describe("DKIM", () => {
  it("signs the mail it sends over SMTP, and the signature verifies", async () => {
    dir = mkdtempSync(join(tmpdir(), "issue-37-dkim-"));
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keyFile = join(dir, "dkim.pem");
    writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    const domain = "hillcrest586.example.org";
    const dkim = dkimOf({
      dkimPrivateKeyFile: keyFile,
      dkimSelector: "lodge2027",
      dkimDomain: domain,
    });
    smtp = new TestSmtp();
    await smtp.start();
    const transport = smtpTransport(smtp.url, { dkim });
    const body = renderAnnouncement(
      { subject: "News", markdown: "Hello, **brethren**." },
      lodge.siteUrl,
    );
    const mail = await announcementMail(
      ctx,
      body,
      { list: "member", key: "AbCdEfGhIjKlMnOp", email: "m1@example.org" },
      { secret: "dkim-test-secret-dkim-test-secret-0000", siteBase: lodge.siteUrl },
    );
    await transport.deliver({ ...mail, id: 1, attempts: 0 });
    await transport.close();
    const raw = smtp.received[0]?.raw ?? "";
    expect(raw).toMatch(/^DKIM-Signature: /m);
    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
    const resolver = async (name: string, type: string) => {
      if (name === `lodge2027._domainkey.${domain}` && type === "TXT") return [[record]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
    };
    const verified = await dkimVerify(Buffer.from(raw), { resolver });
    expect(verified.results.map((r) => r.status.result)).toEqual(["pass"]);
    // The list headers are signed too (a changed one fails).
    const changed = raw.replace(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      "List-Unsubscribe-Post: List-Unsubscribe=Two-Clicks",
    );
    const broken = await dkimVerify(Buffer.from(changed), { resolver });
    expect(broken.results.map((r) => r.status.result)).toEqual(["fail"]);
  });

  it("takes the three settings together, and a key it can read", () => {
    expect(dkimOf({})).toBeUndefined();
    expect(() => dkimOf({ dkimSelector: "s1" })).toThrow(ConfigError);
    expect(() => dkimOf({ dkimSelector: "s1" })).toThrow(/go together/);
    expect(() =>
      dkimOf({
        dkimPrivateKeyFile: "/nonexistent/key.pem",
        dkimSelector: "s1",
        dkimDomain: "example.org",
      }),
    ).toThrow(/cannot be read/);
  });
});
