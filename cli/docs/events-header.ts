import type { z } from "zod";
import { eventSchema } from "../../core/schemas/index.ts";
import { CONTENT_FILES } from "./content.ts";
import { fieldRows, valueKinds } from "./fields.ts";
import { anchorOf } from "./markdown.ts";

/** The comment lines are kept within this width, as the rest of the file is. */
const WIDTH = 96;
/** Where a field's description starts: after the longest field name and two spaces. */
const NAME_COLUMN = 24;

/** Words laid into lines of at most `width` characters, the first after `first`, the rest after `rest`. */
function wrap(text: string, first: string, rest: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  // A quoted value ('9:00 PM') is kept on one line.
  for (const word of text.match(/(?<=^|\s)'[^']*'\S*|\S+/g) ?? []) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line.trimEnd());
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line.trimEnd());
  return lines;
}

const about = CONTENT_FILES.find((file) => file.entity === "events")?.about ?? "";

/**
 * The comment at the top of events.yaml (the sample's and the starter's), made from the same
 * descriptions as docs/content.md: what the file holds, every field with what it does and its
 * value when left out, and how dates, times, numbers and costs may be written.
 */
export function eventsHeader(schema: z.ZodType = eventSchema): string {
  const fields = fieldRows(schema).flatMap((row) => {
    const name = `#   ${"  ".repeat(row.depth)}${row.path.split(".").at(-1)}`;
    const told = row.required
      ? `${row.description} (required)`
      : `${row.description} [${row.defaultValue}]`;
    const pad = name.length + 2 > NAME_COLUMN ? `${name}  ` : name.padEnd(NAME_COLUMN);
    return wrap(told, pad, `#${" ".repeat(NAME_COLUMN - 1)}`);
  });
  const kinds = valueKinds([schema])
    .filter((kind) => kind.kind !== "text" && kind.kind !== "true or false")
    .flatMap((kind) => wrap(`${kind.kind}: ${kind.written}.`, "#   ", "#     "));
  return [
    ...wrap(`events.yaml: ${about.charAt(0).toLowerCase()}${about.slice(1)}`, "# ", "# "),
    "#",
    "# Fields (a field left out takes the value in brackets):",
    ...fields,
    "#",
    "# Values:",
    ...kinds,
    "#",
    `# docs/content.md#${anchorOf("events.yaml")} tells the same of every content file.`,
  ].join("\n");
}

/** A file's text with its leading comment replaced by `header` (added when it has none). */
export function withHeader(text: string, header: string): string {
  const lines = text.split("\n");
  const first = lines.findIndex((line) => !line.startsWith("#"));
  const body = first === -1 ? [] : lines.slice(first);
  return [header, ...body].join("\n");
}
