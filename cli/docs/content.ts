import type { z } from "zod";
import {
  albumSchema,
  bulletinsFileSchema,
  ENTITY_LIST,
  type EntityKey,
  eventSchema,
  lodgeSchema,
  officerSchema,
  pageFrontMatterSchema,
  pastMasterSchema,
  recentEventSchema,
  socialEventSchema,
  timelineEntrySchema,
} from "../../core/schemas/index.ts";
import { type FieldRow, fieldRows, valueKinds } from "./fields.ts";
import { anchorOf, code, inline, table } from "./markdown.ts";

/** One content file of a lodge's data folder, as docs/content.md tells it. */
export type ContentFile = {
  entity: EntityKey;
  /** The file (or files) as the data folder holds it. */
  file: string;
  /** The schema a file, or each of its entries, is checked against. */
  schema: z.ZodType;
  /** What the file holds and how it is laid out: a paragraph. */
  about: string;
};

/**
 * Every content file, in the order a webmaster meets them. The fields and what they do come from
 * the schemas' own descriptions (core/schemas); what a file holds is said here, once.
 */
export const CONTENT_FILES: readonly ContentFile[] = [
  {
    entity: "lodge",
    file: "lodge.yaml",
    schema: lodgeSchema,
    about:
      "Who the lodge is, where it meets, and where the site links to. Every lodge has one; `lodge init` writes it.",
  },
  {
    entity: "events",
    file: "events.yaml",
    schema: eventSchema,
    about:
      "Every lodge event, in date order (oldest first): a list of entries. The Upcoming Events page lists the events whose date has not passed, and the home page's carousel the first three still to come that are marked spotlight; an event keeps its own page once it has taken place, so shared links keep working. Add an event with `lodge add-event`, or by copying one; `lodge add-meetings --year 2027` adds a year of stated meetings from the schedule in lodge.yaml.",
  },
  {
    entity: "socialEvents",
    file: "social-events.yaml",
    schema: socialEventSchema,
    about:
      "The social outings: open to everyone, informal and pay-your-own-way, each with a page of its own. A list of entries.",
  },
  {
    entity: "officers",
    file: "officers.yaml",
    schema: officerSchema,
    about: "The officers of the current term, shown on Our Officers. A list of entries.",
  },
  {
    entity: "pastMasters",
    file: "past-masters/<slug>.csv",
    schema: pastMasterSchema,
    about:
      "One file per list named under `pastMasters` in lodge.yaml, with the header `number,name,term,imgUrl` (imgUrl may be left out; any case). A list copied from the old site's table may use its headings (Number, Worshipful Master, Year). Masters by affiliation are number -1 with the term 'By Affiliation', told apart by name. `lodge import past-masters` merges a spreadsheet's export into a list.",
  },
  {
    entity: "bulletins",
    file: "bulletins.yaml",
    schema: bulletinsFileSchema,
    about:
      "The current bulletin and the earlier ones; their PDFs are in bulletins/ (or the bucket of `media.bulletins`).",
  },
  {
    entity: "albums",
    file: "albums.yaml",
    schema: albumSchema,
    about:
      "The photo albums, a list of entries; each album's pictures are in its folder, `albums/<albumName>/` (or the bucket of `media.albums`).",
  },
  {
    entity: "recentEvents",
    file: "recent-events.yaml",
    schema: recentEventSchema,
    about:
      "Write-ups of events that have taken place, with pictures from an album: Recent Events shows those of the last year, and the news feed the newest. A list of entries.",
  },
  {
    entity: "history",
    file: "history.yaml",
    schema: timelineEntrySchema,
    about: "The History page's timeline, a list of entries.",
  },
  {
    entity: "pages",
    file: "pages/<slug>.md",
    schema: pageFrontMatterSchema,
    about:
      "The text of about-us, how-to-join, brotherhood-night-history and home, and optionally upcoming-events (the notes beside the events): front matter with the fields below, then Markdown blocks separated by lines of `***`, each shown as a section of its own.",
  },
];

const SOURCE =
  "<!-- Made by `npm run docs` from the schemas in core/schemas/ (cli/docs/content.ts): edit those, not this file. -->";

/** A row's field as the table shows it: the path, the deeper fields indented under their own. */
const fieldCell = (row: FieldRow) => code(row.path);

const defaultCell = (row: FieldRow) =>
  row.required ? "required" : row.defaultValue === undefined ? "" : inline(row.defaultValue);

function fileSection(file: ContentFile): string {
  const rows = fieldRows(file.schema).map((row) => [
    fieldCell(row),
    inline(row.type),
    defaultCell(row),
    inline(row.description),
  ]);
  return [
    `## ${code(file.file)}`,
    inline(file.about),
    table(["field", "value", "left out", "what it does"], rows),
  ].join("\n\n");
}

/** docs/content.md: every field of every content file, from the schemas. */
export function contentReference(files: readonly ContentFile[] = CONTENT_FILES): string {
  const kinds = valueKinds(files.map((file) => file.schema));
  return `${[
    "# Content files",
    SOURCE,
    "A lodge's content is a folder of plain files, `data/` for the sample lodge (every command takes `--data DIR` for another). `lodge validate` checks them all and names the file, line, entry and field of every problem. Field names are those of the site this product replaces, so content kept in those shapes loads unchanged; a `.json` file is taken wherever a `.yaml` one is, and a field lodge does not know is a warning, never an error. Pictures, bulletin PDFs and other files the data names are kept in `images/`, `bulletins/` and `media/`.",
    files.map((file) => `- [${code(file.file)}](#${anchorOf(file.file)})`).join("\n"),
    "## Values",
    "How each kind of value may be written. Every date rule (RSVP cutoffs, upcoming or past, the lodge's age, past-master visibility) is evaluated in the lodge's time zone (`timeZone` in lodge.yaml).",
    table(
      ["value", "written"],
      kinds.map((kind) => [inline(kind.kind), inline(kind.written)]),
    ),
    ...files.map(fileSection),
  ].join("\n\n")}\n`;
}

/** The content files the reference must tell: every entity a lodge keeps in a file of its own. */
export const KEPT_ENTITIES = ENTITY_LIST.filter((entity) => entity.kept !== "built").map(
  (entity) => entity.key,
);
