import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { eventSchema } from "../../core/schemas/index.ts";
import { sampleData } from "../../test/support/api-harness.ts";
import { mailIdentity } from "../config.ts";
import { answerToken } from "../members/answer-link.ts";
import { friendConfirmMail } from "../use-cases/friends.ts";
import {
  AnnouncementError,
  announcementMail,
  readAnnouncement,
  readUnsubscribeToken,
  renderAnnouncement,
  unsubscribeToken,
} from "./announcement.ts";
import { summonsMail } from "./summons.ts";
import { loadTemplates } from "./templates.ts";

/**
 * An announcement's file read and made into its mail: what the front matter must say, links
 * made absolute in both parts, the unsubscribe token (signed; a forged one names nobody), and
 * the lists' headers on the announcement only: the summons, transactional, never has them.
 */
const lodge = sampleData().lodge;
const { mailFrom, secretaryEmail } = mailIdentity({}, lodge);
const ctx = { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };
const SECRET = "announce-test-secret-announce-test-secret";
const SITE = "https://lodge.example.org";
const head = (raw: Buffer) => {
  const text = raw.toString("utf8");
  return text.slice(0, text.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
};

describe("an announcement", () => {
  it("needs a subject and something to say, and names what is wrong", () => {
    const bad: [string, RegExp][] = [
      ["Text alone\n", /front matter needs a subject/],
      ["---\nsubject: ''\n---\nText\n", /needs a subject/],
      ["---\nsubject: Hi\ntitle: Hi\n---\nText\n", /subject and event only, not title/],
      ["---\nsubject: Hi\n---\n\n", /nothing to announce/],
      ["---\nsubject: [a, b\n---\nText\n", /not YAML/],
      ["---\nsubject: Hi\nevent: 12\n---\nText\n", /event is an event's id/],
    ];
    for (const [text, message] of bad) {
      expect(() => readAnnouncement(text, "news.md")).toThrow(AnnouncementError);
      expect(() => readAnnouncement(text, "news.md")).toThrow(message);
    }
    expect(readAnnouncement("---\nsubject: ' Visit '\nevent: e1\n---\n\nHello\n", "n.md")).toEqual({
      subject: "Visit",
      event: "e1",
      markdown: "Hello",
    });
  });

  it("makes every link absolute on the site, in the HTML and the text", () => {
    const body = renderAnnouncement(
      {
        subject: "News",
        markdown:
          "## Dinner\n\nSee [the calendar](/events), [a page](about-us) and [mail us](mailto:s@example.org).\n\n- one\n- **two**\n\n![The hall](/images/hall.jpg)",
      },
      `${SITE}/`,
      { id: "2027-01-06-stated-meeting", name: "Stated Meeting" },
    );
    expect(body.html).toContain(`<a href="${SITE}/events">the calendar</a>`);
    expect(body.html).toContain(`<a href="${SITE}/about-us">a page</a>`);
    expect(body.html).toContain('<a href="mailto:s@example.org">');
    expect(body.html).toContain(`src="${SITE}/images/hall.jpg"`);
    expect(body.text).toBe(
      `DINNER\n\nSee the calendar (${SITE}/events), a page (${SITE}/about-us) and mail us (mailto:s@example.org).\n\n- one\n- two\n\nThe hall`,
    );
    expect(body.event).toEqual({
      name: "Stated Meeting",
      url: `${SITE}/events/2027-01-06-stated-meeting`,
    });
  });

  it("signs each recipient's unsubscribe token; a forged or cut one names nobody", () => {
    const token = unsubscribeToken(SECRET, "member", "AbCdEfGhIjKlMnOp");
    expect(readUnsubscribeToken(SECRET, token)).toEqual({
      list: "member",
      key: "AbCdEfGhIjKlMnOp",
    });
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, "friend", "k12345678"))).toEqual({
      list: "friend",
      key: "k12345678",
    });
    expect(readUnsubscribeToken("another-secret-another-secret-1234", token)).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, token.slice(0, -2))).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, `f${token.slice(1)}`)).toBeUndefined();
    // A token of another purpose (a summons' answer link) is not an unsubscribe token.
    expect(
      readUnsubscribeToken(SECRET, answerToken(SECRET, "AbCdEfGhIjKlMnOp", "e1")),
    ).toBeUndefined();
  });

  it("carries the lists' headers; the summons, transactional, does not", async () => {
    const body = renderAnnouncement({ subject: "News", markdown: "Hello" }, SITE);
    const mail = await announcementMail(
      ctx,
      body,
      { list: "friend", key: "k12345678", email: "f@example.org" },
      { secret: SECRET, siteBase: SITE },
    );
    const announced = head(mail.raw);
    expect(announced).toMatch(
      /^List-Unsubscribe: <https:\/\/lodge\.example\.org\/unsubscribe\?t=f\.k12345678\.[\w-]+>, <mailto:[^>]+>$/m,
    );
    expect(announced).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // A site published elsewhere: the unsubscribe page is lodge serve's, at apiBase.
    const elsewhere = await announcementMail(
      { ...ctx, lodge: { ...lodge, apiBase: "https://api.example.org/" } },
      body,
      { list: "friend", key: "k12345678", email: "f@example.org" },
      { secret: SECRET, siteBase: SITE },
    );
    expect(head(elsewhere.raw)).toMatch(
      /^List-Unsubscribe: <https:\/\/api\.example\.org\/unsubscribe\?t=f\.k12345678\./m,
    );
    expect(announced).toMatch(/^List-Id: /im);
    const meeting = eventSchema.parse({
      id: "2027-12-01-stated-meeting",
      date: "2027/12/01 19:30",
      name: "Stated Meeting",
      tyled: true,
      rsvpOptions: true,
    });
    const summons = await summonsMail(
      ctx,
      "summons",
      meeting,
      { firstName: "José", lastName: "Martínez", email: "jose@example.org" },
      { token: answerToken(SECRET, "AbCdEfGhIjKlMnOp", meeting.id), siteBase: SITE },
      new Date("2027-11-21T15:00:00Z"),
    );
    expect(head(summons.raw)).not.toMatch(/^List-/im);
  });

  it("asks a friend to confirm in a mail that parses, has both parts, and scores under 1 in SpamAssassin", async () => {
    const mail = await friendConfirmMail(
      ctx,
      { email: "ann@example.org", name: "Ann Lee" },
      `${SITE}/friends/confirm?t=k12345678.signature`,
    );
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe(`Confirm your address for the announcements of ${lodge.name}`);
    expect(parsed.text).toContain(`${SITE}/friends/confirm?t=k12345678.signature`);
    expect(String(parsed.html)).toContain(`href="${SITE}/friends/confirm?t=k12345678.signature"`);
    expect(head(mail.raw)).not.toMatch(/^List-/im);
    const child = promisify(execFile)("spamassassin", ["-t", "-L"], { maxBuffer: 1 << 22 });
    child.child.stdin?.end(mail.raw);
    const { stdout } = await child;
    const report = stdout.slice(stdout.indexOf("Content analysis details"));
    expect(Number(/\(([-\d.]+) points/.exec(report)?.[1] ?? Number.NaN)).toBeLessThan(1);
  });
});
