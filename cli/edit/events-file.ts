import {
  Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  parseDocument,
  Scalar,
  visit,
  YAMLSeq,
} from "yaml";
import { canonicalDateText } from "../../core/rules/time.ts";
import type { EventInput } from "../../core/schemas/event.ts";

/** The date an item of events.yaml is sorted by, as 'YYYY/MM/DD HH:mm' however it is written. */
function dateOf(item: unknown): string {
  const date = isMap(item) ? item.get("date") : undefined;
  return typeof date === "string" ? canonicalDateText(date) : "";
}

/** Quotes times such as 18:30 in a YAML node, as YAML 1.1 readers would take them for numbers. */
export function quoteTimes(node: Node): void {
  visit(node, {
    Scalar(_, scalar) {
      if (
        isScalar(scalar) &&
        typeof scalar.value === "string" &&
        /^\d{1,2}:\d{2}$/.test(scalar.value)
      ) {
        scalar.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
}

/** A value as the text of a data file: YAML, times quoted, lines never folded. */
export function yamlText(value: unknown): string {
  const doc = new Document(value);
  if (doc.contents) quoteTimes(doc.contents);
  return doc.toString({ lineWidth: 0 });
}

/**
 * Inserts events into the text of events.yaml in date order and returns the new text. The file's
 * comments, blank lines and formatting are kept: only the new entries are written by us.
 */
export function insertEvents(text: string, events: readonly EventInput[]): string {
  const doc: Document = parseDocument(text);
  if (doc.errors.length > 0)
    throw new Error(`events.yaml is not valid YAML: ${doc.errors[0]?.message}`);
  if (doc.contents === null) doc.contents = new YAMLSeq();
  const list = doc.contents;
  if (!isSeq(list)) throw new Error("events.yaml must hold a list of events");
  // An empty list is written '[]' (as lodge init leaves it): its events go one field a line.
  if (list.items.length === 0) list.flow = false;
  // New entries follow the file's own habit of a blank line between events.
  const spaced = list.items
    .slice(1)
    .some((item) => (item as { spaceBefore?: boolean }).spaceBefore);
  const sorted = [...events].sort((a, b) =>
    canonicalDateText(a.date).localeCompare(canonicalDateText(b.date)),
  );
  for (const event of sorted) {
    const node = doc.createNode(event);
    quoteTimes(node);
    const date = canonicalDateText(event.date);
    const index = list.items.findIndex((item) => dateOf(item) > date);
    const at = index < 0 ? list.items.length : index;
    if (spaced && at > 0) node.spaceBefore = true;
    const first = list.items[0] as { commentBefore?: string | null } | undefined;
    if (at === 0 && first?.commentBefore) {
      // The file's header comment is attached to its first entry: keep it at the top.
      node.commentBefore = first.commentBefore;
      first.commentBefore = undefined;
    }
    list.items.splice(at, 0, node);
    const next = list.items[at + 1] as { spaceBefore?: boolean } | undefined;
    if (spaced && next && at === 0) next.spaceBefore = true;
  }
  return doc.toString({ lineWidth: 0 });
}

/**
 * Changes one entry of events.yaml, found by `find` on its plain value, and returns the new text:
 * `set` fields are written (undefined removes them); the entry moves to keep date order. Comments
 * and formatting of the rest of the file are kept.
 */
export function updateEvent(
  text: string,
  find: (item: unknown, index: number) => boolean,
  set: Record<string, unknown>,
): string {
  const doc: Document = parseDocument(text);
  const list = doc.contents;
  if (!isSeq(list)) throw new Error("events.yaml must hold a list of events");
  const index = list.items.findIndex((item, i) => isMap(item) && find(item.toJSON(), i));
  const node = list.items[index];
  if (!isMap(node)) throw new Error("no such event in events.yaml");
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) node.delete(key);
    else node.set(key, value);
  }
  const spaced = list.items
    .slice(1)
    .some((item) => (item as { spaceBefore?: boolean }).spaceBefore);
  // The file's header comment belongs to the top of the file, not to the entry that moves.
  const header = index === 0 ? node.commentBefore : undefined;
  node.commentBefore = index === 0 ? undefined : node.commentBefore;
  list.items.splice(index, 1);
  const date = dateOf(node);
  const found = list.items.findIndex((item) => dateOf(item) > date);
  const at = found < 0 ? list.items.length : found;
  node.spaceBefore = spaced && at > 0;
  list.items.splice(at, 0, node);
  const first = list.items[0] as { commentBefore?: string | null; spaceBefore?: boolean };
  first.spaceBefore = false;
  if (header) first.commentBefore = header;
  return doc.toString({ lineWidth: 0 });
}
