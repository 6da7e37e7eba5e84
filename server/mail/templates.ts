import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { escapeHtml, type ParsedTemplate, parseTemplate, renderTemplate } from "./template.ts";

export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/mail/", import.meta.url));

export const MAIL_TEMPLATES = [
  "rsvp-notice",
  "rsvp-confirmation",
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
  "waitlist-left",
  "waitlist-left-notice",
  "waitlist-expired",
  "waitlist-expired-notice",
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

/**
 * Reads every mail template once, at start, so a missing or broken template stops the server
 * before it takes a submission it could not confirm. Each template is a plain-text file whose
 * first line is 'Subject: ...', and an HTML file; values are HTML-escaped in the HTML.
 */
export function loadTemplates(dir = TEMPLATES_DIR): MailTemplates {
  const parsed = new Map<MailTemplateName, Parsed>();
  for (const name of MAIL_TEMPLATES) {
    const textFile = `${name}.txt`;
    const source = readFileSync(`${dir}/${textFile}`, "utf8");
    const match = /^Subject: (.*)\r?\n([\s\S]*)$/.exec(source);
    if (!match) throw new Error(`${textFile}: the first line must be 'Subject: ...'`);
    parsed.set(name, {
      subject: parseTemplate(match[1] ?? "", textFile),
      text: parseTemplate(match[2] ?? "", textFile),
      html: parseTemplate(readFileSync(`${dir}/${name}.html`, "utf8"), `${name}.html`),
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
