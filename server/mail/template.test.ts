import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../core/rules/html.ts";
import { parseTemplate, renderTemplate } from "./template.ts";
import { loadTemplates, MAIL_TEMPLATES, TEMPLATES_DIR } from "./templates.ts";

const plain = (text: string) => text;
const render = (source: string, view: object, escapeValue = plain) =>
  renderTemplate(parseTemplate(source, "t"), view, escapeValue, "t");

describe("mail templates", () => {
  it("inserts values, repeats sections for lists and shows inverted sections for falsy values", () => {
    const source =
      "Hello {{name}}\n{{#items}}\n- {{label}}: {{value}}\n{{/items}}\n{{^items}}\nnone\n{{/items}}\nBye";
    expect(
      render(source, {
        name: "John",
        items: [
          { label: "a", value: 1 },
          { label: "b", value: 2 },
        ],
      }),
    ).toBe("Hello John\n- a: 1\n- b: 2\nBye");
    expect(render(source, { name: "John", items: [] })).toBe("Hello John\nnone\nBye");
  });

  it("reads names from the enclosing view inside a section and follows dotted paths", () => {
    expect(
      render("{{#dinner}}{{time}} for {{name}}{{/dinner}}", {
        name: "John",
        dinner: { time: "6:30" },
      }),
    ).toBe("6:30 for John");
    expect(render("{{event.name}}", { event: { name: "Table Lodge" } })).toBe("Table Lodge");
  });

  it("escapes every inserted value in HTML, so a visitor's text cannot become markup", () => {
    expect(
      render("<p>{{message}}</p>", { message: `<script>alert("x")</script> & 'y'` }, escapeHtml),
    ).toBe("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>");
  });

  it("fails on a name the view does not give and on an unclosed section", () => {
    expect(() => render("Hello {{nobody}}", {})).toThrow("t: no value for {{nobody}}");
    expect(() => parseTemplate("{{#a}} open", "t")).toThrow("t: {{#a}} is never closed");
    expect(() => parseTemplate("{{/a}}", "t")).toThrow("t: {{/a}} closes no open {{#a}}");
  });

  it("loads every template of templates/mail with its subject line", () => {
    const templates = loadTemplates();
    // Each template is a .txt (subject and plain text) and an .html, and none lies unused.
    const files = readdirSync(TEMPLATES_DIR, { withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((file) => file.name).sort()).toEqual(
      MAIL_TEMPLATES.flatMap((name) => [`${name}.html`, `${name}.txt`]).sort(),
    );
    expect(MAIL_TEMPLATES.length).toBe(31);
    const rendered = templates("contact-acknowledgement", {
      lodgeName: "Hillcrest Lodge No. 586",
      firstName: "Ann",
      lastName: "Lee",
    });
    expect(rendered.subject).toBe("We have received your message");
    expect(rendered.text).toContain("Dear Ann Lee,");
    expect(rendered.html).toContain("<p>Dear Ann Lee,</p>");
  });

  it("takes a partial in where a line says {{> name}}, in the text and the HTML, and refuses one that is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-templates-"));
    cpSync(TEMPLATES_DIR, dir, { recursive: true });
    writeFileSync(join(dir, "partials", "waitlist-event.txt"), "When: {{longDate}}\n");
    writeFileSync(join(dir, "partials", "waitlist-event.html"), "<p>When: {{longDate}}</p>\n");
    const view = {
      lodgeName: "Hillcrest Lodge No. 586",
      firstName: "Ann",
      lastName: "Lee",
      eventName: "Stated Meeting",
      date: "Wed, Dec 2, 2026 at 7:30PM",
      longDate: "Wednesday, December 2, 2026",
      attendees: "2 attendees",
      closes: "Dec 1, 2026 at 11:59PM",
      claimUrl: "https://example.org/rsvp/claim#t",
    };
    const rendered = loadTemplates(dir)("waitlist-joined", view);
    expect(rendered.text).toContain(
      "(Dec 1, 2026 at 11:59PM) if that comes first.\n\nWhen: Wednesday, December 2, 2026\n\nYour place in line",
    );
    expect(rendered.html).toContain("</p>\n<p>When: Wednesday, December 2, 2026</p>\n<p><a href=");
    rmSync(join(dir, "partials", "waitlist-event.html"));
    expect(() => loadTemplates(dir)).toThrow(
      `waitlist-joined.html: {{> waitlist-event}} names no partial: ${dir}/partials/waitlist-event.html is missing`,
    );
    rmSync(dir, { recursive: true });
  });

  it("puts an HTML template whose first line names a layout into it, and refuses a missing layout", () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-templates-"));
    cpSync(TEMPLATES_DIR, dir, { recursive: true });
    writeFileSync(
      join(dir, "layouts", "lodge.html"),
      "<html><h1>{{lodgeName}}</h1>\n{{> content}}\n<footer>{{lodgePlace}}</footer></html>\n",
    );
    const rendered = loadTemplates(dir)("summons-answer", {
      lodgeName: "Hillcrest & Co",
      lodgePlace: "Lyndhurst",
      heading: "Your answer",
      firstName: "Ann",
      lastName: "Lee",
      eventName: "Stated Meeting",
      date: "Wed, Dec 2, 2026 at 7:30PM",
      longDate: "Wednesday, December 2, 2026",
      time: "7:30PM",
      answer: "Apologies",
      waiting: false,
      changeUntil: "",
      answerUrl: "",
    });
    expect(rendered.html).toMatch(
      /^<html><h1>Hillcrest &amp; Co<\/h1>\n<p[^>]*>Dear Brother Ann,<\/p>/,
    );
    expect(rendered.html).toMatch(/<footer>Lyndhurst<\/footer><\/html>\n$/);
    rmSync(join(dir, "layouts", "lodge.html"));
    expect(() => loadTemplates(dir)).toThrow(
      `summons.html: <!-- layout lodge --> names no layout: ${dir}/layouts/lodge.html is missing`,
    );
    rmSync(dir, { recursive: true });
  });

  it("keeps a subject on one line even when the data holds a line break", () => {
    const rendered = loadTemplates()("rsvp-notice", {
      eventName: "Table\r\nBcc: someone@example.org",
      date: "Wed, Dec 2, 2026 7:30pm",
      firstName: "A",
      lastName: "B",
      receivedAt: "now",
      notes: [],
      fields: [],
      hasMealCounts: false,
      mealCounts: [],
    });
    expect(rendered.subject).toBe(
      "RSVP for Table Bcc: someone@example.org on Wed, Dec 2, 2026 7:30pm",
    );
  });
});
