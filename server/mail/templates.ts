import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { escapeHtml } from "../../core/rules/html.ts";
import { type ParsedTemplate, parseTemplate, renderTemplate } from "./template.ts";

export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/mail/", import.meta.url));

export const MAIL_TEMPLATES = [
  "rsvp-notice",
  "rsvp-confirmation",
  "rsvp-confirm-seats",
  "rsvp-link",
  "social-rsvp-notice",
  "social-rsvp-confirmation",
  "contact-notice",
  "contact-acknowledgement",
  "rsvp-cancelled",
  "rsvp-changed",
  "rsvp-visitor-change",
  "rsvp-visitor-change-notice",
  "failed-mail-summary",
  "reminder",
  "waitlist-joined",
  "waitlist-notice",
  "waitlist-offer",
  "waitlist-offer-notice",
  "waitlist-left",
  "waitlist-left-notice",
  "waitlist-expired",
  "waitlist-expired-notice",
  "summons",
  "summons-chaser",
  "summons-answer",
  "caterer-sheet",
  "caterer-revised",
  "door-link",
  "almoner",
  "announcement",
  "friend-confirm",
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

interface Parsed {
  subject: ParsedTemplate;
  text: ParsedTemplate;
  html: ParsedTemplate;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplates = (name: MailTemplateName, view: object) => RenderedMail;

/** A line that is only `{{> name}}`: the partial partials/name.txt (or .html) stands there. */
const PARTIAL_LINE = /^[ \t]*\{\{>\s*([\w-]+)\s*\}\}[ \t]*(?:\r?\n|$)/gm;

/** A first line `<!-- layout name -->`: the template is the content of layouts/name.html. */
const LAYOUT_LINE = /^<!--\s*layout\s+([\w-]+)\s*-->[ \t]*\r?\n/;
/** The line of a layout where the template's content stands. */
const CONTENT_LINE = /^[ \t]*\{\{>\s*content\s*\}\}[ \t]*\r?\n/m;

/**
 * An HTML template's text in its layout, when its first line names one: the mails in the
 * lodge's look share one document, its head and foot, and each says only its own part.
 */
function withLayout(source: string, dir: string, file: string): string {
  const named = LAYOUT_LINE.exec(source);
  if (!named) return source;
  const path = `${dir}/layouts/${named[1]}.html`;
  if (!existsSync(path)) {
    throw new Error(`${file}: <!-- layout ${named[1]} --> names no layout: ${path} is missing`);
  }
  const layout = readFileSync(path, "utf8");
  if (!CONTENT_LINE.test(layout)) throw new Error(`${path}: no line {{> content}} for the mail`);
  const content = source.slice(named[0].length);
  return layout.replace(CONTENT_LINE, () => content);
}

/** A template's text with each of its partials' lines replaced by the partial (one level deep). */
function withPartials(source: string, dir: string, file: string): string {
  const ext = file.endsWith(".html") ? "html" : "txt";
  return source.replace(PARTIAL_LINE, (_line, partial: string) => {
    const path = `${dir}/partials/${partial}.${ext}`;
    if (!existsSync(path)) {
      throw new Error(`${file}: {{> ${partial}}} names no partial: ${path} is missing`);
    }
    return readFileSync(path, "utf8");
  });
}

/**
 * Reads every mail template once, at start, so a missing or broken template stops the server
 * before it takes a submission it could not confirm. Each template is a plain-text file whose
 * first line is 'Subject: ...', and an HTML file; values are HTML-escaped in the HTML. A line
 * `{{> name}}` takes in partials/name.txt or .html, the part several mails say alike; an HTML
 * file whose first line is `<!-- layout name -->` is the content of layouts/name.html.
 */
export function loadTemplates(dir = TEMPLATES_DIR): MailTemplates {
  const parsed = new Map<MailTemplateName, Parsed>();
  for (const name of MAIL_TEMPLATES) {
    const textFile = `${name}.txt`;
    const htmlFile = `${name}.html`;
    const source = readFileSync(`${dir}/${textFile}`, "utf8");
    const match = /^Subject: (.*)\r?\n([\s\S]*)$/.exec(source);
    if (!match) throw new Error(`${textFile}: the first line must be 'Subject: ...'`);
    parsed.set(name, {
      subject: parseTemplate(match[1] ?? "", textFile),
      text: parseTemplate(withPartials(match[2] ?? "", dir, textFile), textFile),
      html: parseTemplate(
        withPartials(
          withLayout(readFileSync(`${dir}/${htmlFile}`, "utf8"), dir, htmlFile),
          dir,
          htmlFile,
        ),
        htmlFile,
      ),
    });
  }
  return (name, view) => {
    const template = parsed.get(name) as Parsed;
    const plain = (text: string) => text;
    return {
      // A subject is one line, whatever the event data holds.
      subject: renderTemplate(template.subject, view, plain, `${name}.txt`)
        .replace(/\s+/g, " ")
        .trim(),
      text: renderTemplate(template.text, view, plain, `${name}.txt`),
      html: renderTemplate(template.html, view, escapeHtml, `${name}.html`),
    };
  };
}
