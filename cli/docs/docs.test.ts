import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { eventSchema } from "../../core/schemas/index.ts";
import { commandsOf } from "../guides.ts";
import { readableProgram } from "./commands.ts";
import { CONTENT_FILES, contentReference, KEPT_ENTITIES } from "./content.ts";
import { eventsHeader } from "./events-header.ts";
import { fieldRows, objectShape, undescribed } from "./fields.ts";
import { code } from "./markdown.ts";
import { generatedDocs, REGENERATE, ROOT, staleDocs } from "./write.ts";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The event schema with one field more, as a developer adds one. */
function eventsWith(field: string, description: string): z.ZodType {
  const shape = objectShape(eventSchema) ?? {};
  return z.strictObject({ ...shape, [field]: z.string().optional().meta({ description }) });
}

describe("the references made from the code", () => {
  it("are written as the code would write them", () => {
    expect(
      staleDocs(),
      `These files are not what the code would write: run \`${REGENERATE}\` and commit them`,
    ).toEqual([]);
  });

  it("go stale when a schema gains a field, until they are written again", () => {
    const schema = eventsWith("dressCode", "What to wear, e.g. 'Dark suit'.");
    const files = CONTENT_FILES.map((file) =>
      file.entity === "events" ? { ...file, schema } : file,
    );
    const content = contentReference(files);
    expect(content).toContain("| `dressCode` | text | none | What to wear, e.g. 'Dark suit'. |");
    expect(eventsHeader(schema)).toContain("#   dressCode           What to wear");
    const generated = generatedDocs(ROOT, { content, eventsHeader: eventsHeader(schema) });
    expect(staleDocs(ROOT, generated)).toEqual([
      "docs/content.md",
      "data/events.yaml",
      "templates/starter/events.yaml",
    ]);
  });

  it("tell every content file a lodge keeps", () => {
    expect(CONTENT_FILES.map((file) => file.entity).sort()).toEqual([...KEPT_ENTITIES].sort());
  });

  it("say what every field of every content file does", () => {
    const silent = CONTENT_FILES.flatMap((file) =>
      undescribed(file.schema).map((path) => `${file.file}: ${path}`),
    );
    expect(
      silent,
      `Give each field .meta({ description: "..." }) in core/schemas, then run \`${REGENERATE}\``,
    ).toEqual([]);
  });

  it("name every field of every content file in docs/content.md, with its value and default", () => {
    const content = read("docs/content.md");
    for (const file of CONTENT_FILES) {
      for (const row of fieldRows(file.schema)) {
        expect(content, `${file.file}: ${row.path}`).toContain(`| ${code(row.path)} | `);
      }
    }
    expect(content).toContain(
      "| `rsvpExpirationDays` | whole number from 0 to 60 | 1 | RSVPs close this many days before the event",
    );
    expect(content).toContain("| `address.venue` | text | required |");
  });

  it("put cancelled, full and postponedFrom in the events.yaml headers, as the schema has them", () => {
    for (const path of ["data/events.yaml", "templates/starter/events.yaml"]) {
      const header = read(path).split("\n\n")[0] ?? "";
      for (const field of Object.keys(objectShape(eventSchema) ?? {})) {
        expect(header, `${path}: ${field}`).toMatch(new RegExp(`^#\\s+${field}\\s`, "m"));
      }
      expect(header).toMatch(/^# {3}cancelled {11}Called off/m);
    }
  });

  it("give every command and subcommand of lodge --help its section in docs/commands.md", () => {
    const commands = read("docs/commands.md");
    const all = commandsOf(readableProgram()).map(([words]) => words);
    expect(all).toEqual(expect.arrayContaining(["rsvps cancel", "import legacy", "serve"]));
    for (const words of all) expect(commands).toContain(`\n## lodge ${words}\n`);
  });
});
