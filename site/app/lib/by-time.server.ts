import { type ZoneOffsets, zoneOffsets } from "../../../core/rules/wall-time.ts";

/** How far ahead a text's changes are searched for: more than a year, so no change is missed. */
const STEP_MS = 400 * 24 * 3600 * 1000;

/**
 * The moments after `from` at which `text` (a date rule's output, e.g. the lodge's age) changes,
 * each with its new text, up to `count` of them: what a page without React shows as time goes on
 * (the layout's script picks the last one past; see site-script.ts). The rule stays the one in
 * core, evaluated here at build time. `text` must only ever move forward (a year, an age), and
 * change at most once a STEP_MS; each moment is found to the millisecond by bisection.
 */
export function textChanges(
  text: (at: Date) => string,
  from: Date,
  count: number,
): [number, string][] {
  const changes: [number, string][] = [];
  let start = from.getTime();
  let current = text(from);
  while (changes.length < count) {
    let high = start + STEP_MS;
    if (text(new Date(high)) === current) break;
    let low = start;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (text(new Date(middle)) === current) low = middle;
      else high = middle;
    }
    current = text(new Date(high));
    changes.push([high, current]);
    start = high;
  }
  return changes;
}

const tables = new Map<string, ZoneOffsets>();

/**
 * The offsets of the lodge's zone that a page with React is given (see ZoneOffsets): from the
 * start of the year before the build's (the recent events reach a year back) to the start of the
 * sixth year after it, the same for every page of a build, so worked out once.
 */
export function zoneOffsetsFor(timeZone: string, builtAt: Date): ZoneOffsets {
  const year = builtAt.getUTCFullYear();
  const key = `${timeZone} ${year}`;
  let table = tables.get(key);
  if (!table) {
    table = zoneOffsets(timeZone, new Date(Date.UTC(year - 1, 0)), new Date(Date.UTC(year + 6, 0)));
    tables.set(key, table);
  }
  return table;
}
