import { describe, expect, it } from "vitest";
import { eventSchema } from "../../core/schemas/index.ts";
import { sampleData } from "../../test/support/api-harness.ts";
import { read, spamScore } from "../../test/support/mail-check.ts";
import { mailIdentity } from "../config.ts";
import { doorToken, doorUrl, readDoorToken } from "../members/door-link.ts";
import { almonerMail, type MissedBrother } from "./almoner.ts";
import { doorLinkMail } from "./door.ts";
import { loadTemplates } from "./templates.ts";

/**
 * The two mails of the Tyler's register as a mail program reads them (mailparser) and as a spam
 * filter scores them (SpamAssassin, under 1 as every mail of the lodge): the door link sent by
 * `lodge door --to`, and the Almoner's list of the brethren missed.
 */
const lodge = sampleData().lodge;
const { mailFrom, secretaryEmail } = mailIdentity({}, lodge);
const ctx = { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };
const SECRET = "door-mail-test-secret-door-mail-test";
const MEETING = eventSchema.parse({
  id: "2027-12-01-stated-meeting",
  date: "2027/12/01 19:30",
  name: "Stated Meeting",
  location: "Lyndhurst Masonic Center",
  address: "5025 Linden Crest Road, Lyndhurst, OH 44124",
  tyled: true,
  rsvpOptions: true,
});
const LINK = doorUrl(lodge.siteUrl, doorToken(SECRET, MEETING.id));
const MISSED: MissedBrother[] = [
  {
    member: {
      number: "10412",
      firstName: "José",
      lastName: "Martínez",
      phone: "216-555-0142",
      email: "jose@example.org",
    },
    meetings: 2,
    since: { date: "2027/11/17 19:30" },
  },
  {
    member: { number: "10415", firstName: "Aaron", lastName: "Baker", phone: "", email: "" },
    meetings: 3,
    since: { date: "2027/11/03 19:30" },
  },
];

/** Lines of text that start in the middle of a sentence: a paragraph broken where it should not. */
const brokenLines = (text: string) =>
  text.split("\n").filter((line) => /^[a-z]/.test(line) && !line.startsWith("https:"));

describe("the door link's mail", () => {
  it("names the meeting with its time as the site writes it, and carries the signed link in both parts", async () => {
    const { parsed, text, html, hrefs } = await read(
      await doorLinkMail(ctx, "tyler@example.org", MEETING, LINK),
    );
    expect(parsed.subject).toBe(
      "The Tyler's register for Stated Meeting, Wed, Dec 1, 2027 at 7:30PM",
    );
    expect(parsed.to).toMatchObject({ text: "tyler@example.org" });
    expect(parsed.replyTo).toMatchObject({ text: secretaryEmail });
    expect(text).toContain(`Open this link on it:\n\n${LINK}\n`);
    expect(text).toContain(
      "It opens the register from Tue, Nov 30, 2027 to the end of Thu, Dec 2, 2027.",
    );
    expect(brokenLines(text)).toEqual([]);
    expect(html).toContain("Hillcrest Lodge No. 586");
    expect(hrefs).toContain(LINK);
    const token = new URL(LINK).hash.replace(/^#t=/, "");
    expect(readDoorToken(SECRET, decodeURIComponent(token))).toBe(MEETING.id);
  });
});

describe("the Almoner's mail", () => {
  it("lists each brother missed with his number, the run of meetings, his phone and e-mail, or says the roll has none", async () => {
    const { parsed, text, html } = await read(
      await almonerMail(ctx, "almoner@example.org", MEETING, MISSED),
    );
    expect(parsed.subject).toBe(
      "Brethren missed at Hillcrest Lodge No. 586: 2 after the Stated Meeting of Wed, Dec 1, 2027 at 7:30PM",
    );
    expect(parsed.to).toMatchObject({ text: "almoner@example.org" });
    expect(text).toContain(
      "  José Martínez (No. 10412): 2 meetings, since Nov 17, 2027\n    Phone: 216-555-0142; e-mail: jose@example.org\n",
    );
    expect(text).toContain(
      "  Aaron Baker (No. 10415): 3 meetings, since Nov 3, 2027\n    No phone on the roll; no e-mail on the roll\n",
    );
    expect(brokenLines(text)).toEqual([]);
    expect(html).toContain('<a href="mailto:jose@example.org">jose@example.org</a>');
  });
});

describe("the register's mails", () => {
  it("score under 1 in SpamAssassin", async () => {
    const mails = await Promise.all([
      doorLinkMail(ctx, "tyler@example.org", MEETING, LINK),
      almonerMail(ctx, "almoner@example.org", MEETING, MISSED),
    ]);
    const scores = await Promise.all(mails.map((mail) => spamScore(mail.raw)));
    scores.forEach(({ score, report }, i) => {
      expect(score, `${mails[i]?.kind}\n${report}`).toBeLessThan(1);
    });
  }, 60_000);
});
