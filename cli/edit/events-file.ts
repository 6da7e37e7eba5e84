import { canonicalDateText } from "../../core/rules/time.ts";
import type { EventInput } from "../../core/schemas/event.ts";
import { type ListFile, yamlListOf } from "./content-file.ts";

/** The date an entry of the events file is sorted by, as 'YYYY/MM/DD HH:mm' however it is written. */
function dateOf(entry: unknown): string {
  const date = (entry as { date?: unknown } | null)?.date;
  return typeof date === "string" ? canonicalDateText(date) : "";
}

/** Where an entry of `date` goes in date order: before the first entry that is later. */
function placeFor(file: ListFile, date: string, skip?: number): number {
  const entries = file.entries().filter((_, i) => i !== skip);
  const at = entries.findIndex((entry) => dateOf(entry) > date);
  return at < 0 ? entries.length : at;
}

/**
 * Adds events to the events file in date order. Only the new entries are written by us: the
 * file's comments, blank lines and other entries stay as they are.
 */
export function addEvents(file: ListFile, events: readonly EventInput[]): void {
  const sorted = [...events].sort((a, b) => dateOf(a).localeCompare(dateOf(b)));
  for (const event of sorted) file.insert(placeFor(file, dateOf(event)), event);
}

/**
 * Changes the event at `index` of the events file: `set` fields are written (undefined removes
 * them), and the entry moves to keep date order. The rest of the file stays as it is.
 */
export function changeEvent(
  file: ListFile,
  index: number,
  set: Readonly<Record<string, unknown>>,
): void {
  file.set(index, set);
  const date = dateOf(file.entries()[index]);
  file.move(index, placeFor(file, date, index));
}

/** The text of events.yaml with `events` added in date order (see addEvents). */
export function insertEvents(text: string, events: readonly EventInput[]): string {
  const file = yamlListOf(text, "events.yaml");
  addEvents(file, events);
  return file.text();
}
