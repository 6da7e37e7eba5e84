import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAnswerFragment } from "../../core/rules/answers.ts";
import { eventSchema } from "../../core/schemas/index.ts";
import { sampleData } from "../../test/support/api-harness.ts";
import { read, spamScore } from "../../test/support/mail-check.ts";
import { mailIdentity } from "../config.ts";
import { answerToken, readAnswerToken } from "../members/answer-link.ts";
import { catererRevisedMail, catererSheetMail, type DinnerNumbers } from "./caterer.ts";
import { answerMail, summonsMail } from "./summons.ts";
import { loadTemplates } from "./templates.ts";

const lodge = sampleData().lodge;
const { mailFrom, secretaryEmail } = mailIdentity({}, lodge);
const ctx = { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };
const SECRET = "summons-test-secret-summons-test-secret";
/** A stated meeting on 1 December 2027: RSVPs close on 29 November, dinners on 26 November. */
const MEETING = eventSchema.parse({
  id: "2027-12-01-stated-meeting",
  date: "2027/12/01 19:30",
  name: "Stated Meeting",
  description: "Ballot on Mr. Thomas Reed, and the Junior Warden's report on the Brotherhood Fund.",
  extraInfo: "Dark suits, please.",
  location: "Lyndhurst Masonic Center",
  address: "5025 Linden Crest Road, Lyndhurst, OH 44124",
  tyled: true,
  degree: "fellowcraft",
  rsvpOptions: true,
  rsvpExpirationDays: 2,
  mealCutoffDays: 5,
  earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Roast Beef", "Salmon"] },
});
const MEMBER = { firstName: "José", lastName: "Martínez", email: "jose@example.org" };
const TOKEN = answerToken(SECRET, "AbCdEfGhIjKlMnOp", MEETING.id);
const LINK = { token: TOKEN, siteBase: lodge.siteUrl };
/** Ten days before, at the summons' time (10:00 EST). */
const SUMMONED = new Date("2027-11-21T15:00:00Z");
/** After dinner orders closed, before RSVPs close. */
const CHASED = new Date("2027-11-27T15:00:00Z");

/** The answer links of a mail's text part, as the page reads them. */
function answerLinks(text: string) {
  return [...text.matchAll(/^(.+):\n(https:\S+)$/gm)].map(([, label, url]) => {
    const address = new URL(url ?? "");
    const { token, chosen } = readAnswerFragment(address.hash);
    return { label, page: address.origin + address.pathname, chosen, token };
  });
}

describe("the summons", () => {
  it("tells the meeting, its degree, business and dinner, with a link per answer that names the member and the event", async () => {
    const mail = await summonsMail(ctx, "summons", MEETING, MEMBER, LINK, SUMMONED);
    const { parsed, text, hrefs } = await read(mail);
    expect(parsed.subject).toBe("Summons: Stated Meeting, Wed, Dec 1, 2027 at 7:30PM");
    expect(parsed.to).toMatchObject({ text: "jose@example.org" });
    expect(parsed.replyTo).toMatchObject({ text: secretaryEmail });
    expect(text).toContain(
      "Dear Brother José,\n\nBy command of the Worshipful Master, you are summoned to attend the Stated Meeting of Hillcrest Lodge No. 586, opened on the Fellowcraft degree.\n\nStated Meeting\nWednesday, December 1, 2027 at 7:30PM\nLyndhurst Masonic Center\n5025 Linden Crest Road, Lyndhurst, OH 44124\n",
    );
    expect(text).toContain(
      "\nBusiness: Ballot on Mr. Thomas Reed, and the Junior Warden's report on the Brotherhood Fund.\n\nPlease note: Dark suits, please.\n\nEarly bird dinner at 6:30PM, $15 a meal; choose Roast Beef or Salmon. Dinner orders close Nov 26, 2027 at 11:59PM.\n\nPlease answer by Nov 29, 2027 at 11:59PM.",
    );
    const links = answerLinks(text);
    expect(links.map(({ label, page, chosen }) => [label, page, chosen])).toEqual([
      ["Attending", `${lodge.siteUrl}/rsvp/answer`, { answer: "attending" }],
      [
        "Attending and dining (Roast Beef)",
        `${lodge.siteUrl}/rsvp/answer`,
        { answer: "dining", meal: "Roast Beef" },
      ],
      [
        "Attending and dining (Salmon)",
        `${lodge.siteUrl}/rsvp/answer`,
        { answer: "dining", meal: "Salmon" },
      ],
      ["Apologies", `${lodge.siteUrl}/rsvp/answer`, { answer: "apologies" }],
    ]);
    for (const link of links) {
      expect(readAnswerToken(SECRET, link.token)).toEqual({
        memberKey: "AbCdEfGhIjKlMnOp",
        eventId: MEETING.id,
      });
    }
    // The HTML part has the same links, and the map.
    const urls = [...text.matchAll(/^https:\/\/\S+\/rsvp\/answer#\S+$/gm)].map((m) => m[0]);
    expect(hrefs).toEqual([lodge.address.mapLink, ...urls]);
    // A token cut short, or signed with another secret, names nobody.
    expect(readAnswerToken(SECRET, TOKEN.slice(0, -2))).toBeUndefined();
    expect(readAnswerToken(`${SECRET}x`, TOKEN)).toBeUndefined();
  });

  it("offers no dinner once dinner orders have closed: the chaser has attending and apologies", async () => {
    const mail = await summonsMail(ctx, "summons-chaser", MEETING, MEMBER, LINK, CHASED);
    const { parsed, text } = await read(mail);
    expect(parsed.subject).toBe(
      "Your answer to the summons: Stated Meeting, Wed, Dec 1, 2027 at 7:30PM",
    );
    expect(text).toContain(
      "The secretary has no answer from you yet for the Stated Meeting on Wednesday, December 1, 2027 at 7:30PM. Answers close Nov 29, 2027 at 11:59PM;",
    );
    expect(answerLinks(text).map((l) => l.chosen?.answer)).toEqual(["attending", "apologies"]);
  });

  it("confirms an answer, says when it waits for a seat, and links to the page to change it until RSVPs close", async () => {
    const mail = await answerMail(
      ctx,
      MEETING,
      MEMBER,
      { answer: "attending", waiting: true },
      LINK,
      SUMMONED,
    );
    const { parsed, text } = await read(mail);
    expect(parsed.subject).toBe(
      "Your answer for Stated Meeting, Wed, Dec 1, 2027 at 7:30PM: Attending",
    );
    expect(text).toContain("Every seat is taken for now, so you are on the waiting list;");
    const url =
      /You can change your answer until Nov 29, 2027 at 11:59PM:\n(\S+)/.exec(text)?.[1] ?? "";
    expect(readAnswerFragment(new URL(url).hash)).toEqual({ token: TOKEN });
    const late = await read(
      await answerMail(
        ctx,
        MEETING,
        MEMBER,
        { answer: "apologies" },
        LINK,
        new Date("2027-11-30T12:00:00Z"),
      ),
    );
    expect(late.text).toContain("Answers have closed; to change yours, reply to this message.");
  });
});

const NUMBERS: DinnerNumbers = {
  attendees: 56,
  dinners: 41,
  meals: [
    { choice: "Roast Beef", count: 25 },
    { choice: "Salmon", count: 16 },
  ],
  dietary: [
    { name: "J. Martínez", meal: "Salmon", needs: "no shellfish" },
    { name: "P. Jones", meal: "Roast Beef", needs: "gluten free" },
  ],
};

describe("the caterer's mails", () => {
  it("give the numbers per meal and the dietary needs, and revised numbers beside what was sent", async () => {
    const sheet = await read(await catererSheetMail(ctx, "chef@example.com", MEETING, NUMBERS));
    expect(sheet.parsed.subject).toBe(
      "Dinner numbers for Stated Meeting, Wed, Dec 1, 2027 at 7:30PM: 41",
    );
    expect(sheet.text).toContain(
      "  Roast Beef: 25\n  Salmon: 16\n  Dinners in all: 41\n  At the meeting in all: 56\n\nDietary needs:\n  J. Martínez (Salmon): no shellfish\n  P. Jones (Roast Beef): gluten free\n\nIf the numbers change, you will have revised numbers on Tuesday, November 30, 2027 at 10:00AM.",
    );
    expect(sheet.html).toContain("<li>J. Martínez (Salmon): no shellfish</li>");
    const revised = await read(
      await catererRevisedMail(
        ctx,
        "chef@example.com",
        MEETING,
        {
          ...NUMBERS,
          attendees: 55,
          dinners: 40,
          meals: [
            { choice: "Roast Beef", count: 24 },
            { choice: "Salmon", count: 16 },
          ],
          dietary: [],
        },
        NUMBERS,
        new Date("2027-11-27T04:59:00Z"),
      ),
    );
    expect(revised.parsed.subject).toBe(
      "Revised dinner numbers for Stated Meeting, Wed, Dec 1, 2027 at 7:30PM: 40",
    );
    expect(revised.text).toContain(
      "have changed since we sent them on Nov 26, 2027 at 11:59PM. These replace them:\n\n  Roast Beef: 24 (was 25)\n  Salmon: 16\n  Dinners in all: 40 (was 41)\n  At the meeting in all: 55\n\nNo dietary needs have been given.",
    );
  });
});

describe("every mail of the summons and the caterer", () => {
  it("has a text and an HTML part and scores under 1 in SpamAssassin", async () => {
    const mails = await Promise.all([
      summonsMail(ctx, "summons", MEETING, MEMBER, LINK, SUMMONED),
      summonsMail(ctx, "summons-chaser", MEETING, MEMBER, LINK, CHASED),
      answerMail(ctx, MEETING, MEMBER, { answer: "dining", meal: "Salmon" }, LINK, SUMMONED),
      catererSheetMail(ctx, "chef@example.com", MEETING, NUMBERS),
      catererRevisedMail(ctx, "chef@example.com", MEETING, NUMBERS, NUMBERS, CHASED),
    ]);
    for (const mail of mails) {
      const { parsed } = await read(mail);
      expect(parsed.text?.length, mail.kind).toBeGreaterThan(100);
      expect(
        typeof parsed.html === "string" && parsed.html.includes("Hillcrest Lodge No. 586"),
        mail.kind,
      ).toBe(true);
      // Lines break between paragraphs and list lines, never inside a sentence.
      expect(
        parsed.text
          ?.split("\n")
          .filter((line) => /^[a-z]/.test(line) && !line.startsWith("https:")),
        mail.kind,
      ).toEqual([]);
    }
    const scores = await Promise.all(mails.map((mail) => spamScore(mail.raw)));
    // LODGE_SHOTS=DIR keeps each mail's parts and score, to read them as a member and a caterer do.
    const shots = process.env.LODGE_SHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const [i, mail] of mails.entries()) {
        const { text, html } = await read(mail);
        writeFileSync(join(shots, `mail-${i + 1}-${mail.kind}.txt`), text);
        writeFileSync(join(shots, `mail-${i + 1}-${mail.kind}.html`), html);
      }
      const lines = scores.map(({ score }, i) => `${mails[i]?.kind}: ${score}`);
      writeFileSync(join(shots, "mail-spam-scores.txt"), `${lines.join("\n")}\n`);
    }
    scores.forEach(({ score, report }, i) => {
      expect(score, `${mails[i]?.kind}\n${report}`).toBeLessThan(1);
    });
  }, 60_000);
});
