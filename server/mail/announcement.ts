import matter from "gray-matter";
import { marked, type Token, type Tokens } from "marked";
import { eventPath, serverPagesBase } from "../../core/api/page-paths.ts";
import type { Event } from "../../core/schemas/index.ts";
import { signToken, verifyToken } from "../security/tokens.ts";
import type { AnnouncementRecipient } from "../store/announcements.ts";
import type { ComposedMail } from "../store/store.ts";
import { addressOf, composeMail } from "./compose.ts";
import type { MailContext } from "./messages.ts";
import { lookView } from "./summons.ts";

/**
 * An announcement: a Markdown file with front matter (subject; optionally the event it is
 * about) made into the lodge's mail, the same for every recipient but his unsubscribe link. It
 * carries the headers bulk mail must (RFC 2369's List-Unsubscribe with an https and a mailto
 * address, RFC 8058's List-Unsubscribe-Post for one click, RFC 2919's List-Id); the summons and
 * the RSVP mail, which are transactional, never do.
 */

/** An announcement as its file says it. */
export interface AnnouncementSource {
  subject: string;
  /** The id of the event it is about, whose page it links. */
  event?: string | undefined;
  markdown: string;
}

/** The file did not make an announcement: what is wrong, for the secretary. */
export class AnnouncementError extends Error {
  override name = "AnnouncementError";
}

/** Reads an announcement's file: front matter with `subject` (and `event`), then Markdown. */
export function readAnnouncement(text: string, file: string): AnnouncementSource {
  let parsed: ReturnType<typeof matter>;
  try {
    // Options given, gray-matter keeps no cache: a text that failed once would read as empty.
    parsed = matter(text, {});
  } catch (error) {
    throw new AnnouncementError(`${file}: its front matter is not YAML (${String(error)}).`);
  }
  const { subject, event, ...rest } = parsed.data as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new AnnouncementError(
      `${file}: the front matter takes subject and event only, not ${unknown.join(", ")}.`,
    );
  }
  if (typeof subject !== "string" || subject.trim() === "") {
    throw new AnnouncementError(
      `${file}: the front matter needs a subject, e.g.\n---\nsubject: The Grand Master's visit\n---`,
    );
  }
  if (/[\r\n]/.test(subject.trim()) || subject.length > 150) {
    throw new AnnouncementError(`${file}: the subject is one line of at most 150 characters.`);
  }
  if (event !== undefined && typeof event !== "string") {
    throw new AnnouncementError(`${file}: event is an event's id, e.g. 2027-01-06-stated-meeting.`);
  }
  if (parsed.content.trim() === "") {
    throw new AnnouncementError(`${file}: there is nothing to announce below the front matter.`);
  }
  return { subject: subject.trim(), event, markdown: parsed.content.trim() };
}

/** The announcement's parts, made once for every recipient. */
export interface AnnouncementBody {
  subject: string;
  html: string;
  text: string;
  event?: { name: string; url: string } | undefined;
}

/** `href` as an address a mail can follow: relative ones on the site's. */
function absolute(href: string, siteBase: string): string {
  if (/^(mailto|tel):/i.test(href) || href.startsWith("#")) return href;
  return new URL(href, `${siteBase.replace(/\/$/, "")}/`).toString();
}

/** The Markdown's text as the plain part says it: links with their address, the rest as typed. */
function plainText(tokens: Token[], siteBase: string): string {
  const walk = (list: Token[]): string =>
    list
      .map((token) => {
        if (token.type === "link") {
          const link = token as Tokens.Link;
          const label = walk(link.tokens);
          const url = absolute(link.href, siteBase);
          return label === url ? url : `${label} (${url})`;
        }
        if (token.type === "image") return (token as Tokens.Image).text;
        if (token.type === "strong" || token.type === "em" || token.type === "del") {
          return walk((token as Tokens.Strong).tokens);
        }
        if (token.type === "codespan") return (token as Tokens.Codespan).text;
        const children = (token as { tokens?: Token[] }).tokens;
        if (token.type === "heading") return `${walk(children ?? []).toUpperCase()}\n\n`;
        if (token.type === "paragraph") return `${walk(children ?? [])}\n\n`;
        if (token.type === "list") {
          const items = (token as Tokens.List).items.map((item) => `- ${walk(item.tokens).trim()}`);
          return `${items.join("\n")}\n\n`;
        }
        if (children) return walk(children);
        return token.raw;
      })
      .join("");
  return walk(tokens)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The announcement made into its parts: HTML and text, every link absolute on `siteBase`. */
export function renderAnnouncement(
  source: AnnouncementSource,
  siteBase: string,
  event?: Pick<Event, "id" | "name">,
): AnnouncementBody {
  const tokens = marked.lexer(source.markdown);
  marked.walkTokens(tokens, (token) => {
    if (token.type === "link" || token.type === "image") {
      (token as Tokens.Link).href = absolute((token as Tokens.Link).href, siteBase);
    }
  });
  const html = marked.parser(tokens);
  return {
    subject: source.subject,
    html,
    text: plainText(tokens, siteBase),
    event: event && { name: event.name, url: absolute(eventPath(event.id), siteBase) },
  };
}

const PURPOSE = "unsubscribe";
const KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The token of a recipient's unsubscribe link: his list and key, signed. */
export function unsubscribeToken(secret: string, list: "member" | "friend", key: string): string {
  return signToken(secret, PURPOSE, `${list === "member" ? "m" : "f"}.${key}`);
}

/** The list and key an unsubscribe token names, or undefined when we did not sign it. */
export function readUnsubscribeToken(
  secret: string,
  token: unknown,
): { list: "member" | "friend"; key: string } | undefined {
  const value = verifyToken(secret, PURPOSE, token);
  const match = value === undefined ? null : /^([mf])\.(.+)$/.exec(value);
  if (!match?.[1] || !match[2] || !KEY.test(match[2])) return undefined;
  return { list: match[1] === "m" ? "member" : "friend", key: match[2] };
}

/** The unsubscribe page's address with the token. */
export function unsubscribeUrl(siteBase: string, token: string): string {
  return `${siteBase.replace(/\/$/, "")}/unsubscribe?t=${token}`;
}

/** RFC 2919's List-Id: the lodge's name and an id under its mail domain. */
export function listId(ctx: Pick<MailContext, "lodge" | "from">): string {
  const domain = addressOf(ctx.from).split("@").pop() || "localhost";
  const name = ctx.lodge.name.replace(/[<>"\r\n]/g, "");
  return `${name} announcements <announcements.${domain}>`;
}

/** The headers every announcement carries, with the recipient's own unsubscribe address. */
export function listHeaders(
  ctx: Pick<MailContext, "lodge" | "from" | "secretary">,
  url: string,
): Record<string, string> {
  const mailto = `mailto:${ctx.secretary}?subject=unsubscribe`;
  return {
    "List-Unsubscribe": `<${url}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": listId(ctx),
  };
}

/** The placeholder the templates hold where the announcement's own text stands. */
const BODY = "ANNOUNCEMENT-BODY";

/** One recipient's announcement, in the lodge's look, with his unsubscribe link and headers. */
export async function announcementMail(
  ctx: MailContext,
  body: AnnouncementBody,
  to: Pick<AnnouncementRecipient, "list" | "key" | "email">,
  link: { secret: string; siteBase: string },
): Promise<ComposedMail> {
  // On lodge serve, which may answer elsewhere than the site (apiBase): the page is its own.
  const base = serverPagesBase({ apiBase: ctx.lodge.apiBase, siteUrl: link.siteBase });
  const url = unsubscribeUrl(base, unsubscribeToken(link.secret, to.list, to.key));
  const member = to.list === "member";
  const rendered = ctx.templates("announcement", {
    ...lookView(ctx.lodge, body.subject),
    subject: body.subject,
    eventUrl: body.event?.url ?? "",
    eventName: body.event?.name ?? "",
    unsubscribeUrl: url,
    member,
    why: member
      ? `You receive the announcements of ${ctx.lodge.name} as a member of the lodge.`
      : `You receive the announcements of ${ctx.lodge.name} because you asked for them on its site.`,
  });
  return composeMail({
    kind: "announcement",
    from: ctx.from,
    to: to.email,
    replyTo: ctx.secretary,
    subject: rendered.subject,
    html: rendered.html.replace(BODY, () => body.html),
    text: rendered.text.replace(BODY, () => body.text),
    headers: listHeaders(ctx, url),
  });
}
