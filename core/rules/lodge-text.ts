import type { Lodge } from "../schemas/lodge.ts";
import { formatShortTime, MONTHS, readClock, WEEKDAYS } from "./time.ts";
import { listed } from "./words.ts";

/**
 * lodge.yaml's address and meeting schedule as a person says them on one line, for `lodge init`'s
 * questions and flags: "Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124"
 * and "1st and 3rd Wednesday, 7:30PM, dark in July and August".
 */

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

type Schedule = Pick<Lodge["meetings"], "weekday" | "weeks" | "skipMonths" | "time">;

const ORDINALS: Record<string, number> = {
  "1st": 1,
  first: 1,
  "2nd": 2,
  second: 2,
  "3rd": 3,
  third: 3,
  "4th": 4,
  fourth: 4,
  "5th": 5,
  fifth: 5,
};

/** Words a schedule may hold around what it says. */
const FILLER = new Set([
  "and",
  "&",
  "of",
  "the",
  "each",
  "every",
  "month",
  "at",
  "in",
  "on",
  "stated",
  "meetings",
  "meeting",
  "pm",
]);

/** Words that start the months without meetings: "dark in July and August". */
const DARK = /\b(?:dark|except|no meetings|not|closed|recess|skip(?:ping)?)\b(.*)$/i;

const SCHEDULE_EXAMPLE = '"1st and 3rd Wednesday, 7:30PM, dark in July and August"';

/** The month a word names ('July', 'Jul'), 1-12, or undefined. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  const i = MONTHS.findIndex((m) => m.toLowerCase().startsWith(w));
  return i === -1 ? undefined : i + 1;
}

/** A schedule said in words, or what keeps it from being read. */
export function readSchedule(text: string): Read<Schedule> {
  let rest = ` ${text.trim()} `;
  const fail = (why: string): Read<Schedule> => ({
    ok: false,
    problem: `${why}; write it as ${SCHEDULE_EXAMPLE}`,
  });
  // The time first: '7:30PM', '7:30 p.m.', '19:30', '7pm'.
  const timeMatch = /\b(\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\.?|\d{1,2}:\d{2})(?=[\s,.;]|$)/i.exec(
    rest,
  );
  if (!timeMatch) return fail("no time found");
  const clock = readClock(timeMatch[1]?.replace(/\./g, "").replace(/\s+/g, "") ?? "");
  if (!clock.ok) return fail(`"${timeMatch[1]}" is not a time of day`);
  rest = rest.replace(timeMatch[0], " ");
  const two = (n: number) => String(n).padStart(2, "0");
  const time = `${two(clock.value.hour)}:${two(clock.value.minute)}`;

  const skipMonths: number[] = [];
  const dark = DARK.exec(rest);
  if (dark) {
    rest = rest.slice(0, dark.index);
    for (const word of (dark[1] ?? "").split(/[\s,;.&]+/).filter(Boolean)) {
      const month = monthOf(word);
      if (month !== undefined) skipMonths.push(month);
      else if (!FILLER.has(word.toLowerCase()) && !/^(month|months|during)$/i.test(word)) {
        return fail(`"${word}" is not a month`);
      }
    }
    if (skipMonths.length === 0) return fail("no month named after 'dark'");
  }

  const weeks: number[] = [];
  const weekdays: string[] = [];
  for (const word of rest.split(/[\s,;.]+/).filter(Boolean)) {
    const lower = word.toLowerCase();
    const week = ORDINALS[lower];
    const weekday = WEEKDAYS.find(
      (d) => lower === d.toLowerCase() || lower === `${d.toLowerCase()}s`,
    );
    if (week !== undefined) weeks.push(week);
    else if (weekday) weekdays.push(weekday);
    else if (!FILLER.has(lower)) return fail(`"${word}" is not understood`);
  }
  if (weekdays.length !== 1 || !weekdays[0]) return fail("name one weekday");
  if (weeks.length === 0) return fail("say which weeks of the month, e.g. 1st and 3rd");
  return {
    ok: true,
    value: {
      weekday: weekdays[0] as Schedule["weekday"],
      weeks: [...new Set(weeks)].sort((a, b) => a - b),
      skipMonths: [...new Set(skipMonths)].sort((a, b) => a - b),
      time,
    },
  };
}

const ORDINAL_TEXT = ["", "1st", "2nd", "3rd", "4th", "5th"] as const;

/** A schedule in the words readSchedule reads: '1st and 3rd Wednesday, 7:30PM, dark in July and August'. */
export function scheduleText(meetings: Schedule): string {
  const weeks = listed([...meetings.weeks].sort((a, b) => a - b).map((w) => ORDINAL_TEXT[w] ?? ""));
  const clock = readClock(meetings.time);
  const time = clock.ok ? formatShortTime(clock.value) : meetings.time;
  const months = [...meetings.skipMonths].sort((a, b) => a - b).map((m) => MONTHS[m - 1] ?? "");
  return `${weeks} ${meetings.weekday}, ${time}${months.length > 0 ? `, dark in ${listed(months)}` : ""}`;
}

/** The schedules most lodges keep, offered by `lodge init`. */
export const USUAL_SCHEDULES = [
  "1st and 3rd Wednesday, 7:30PM, dark in July and August",
  "2nd and 4th Tuesday, 7:30PM, dark in July and August",
  "1st Monday, 7:00PM",
] as const;

const ADDRESS_EXAMPLE = '"Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124"';

/** The map address of a street address: what its map link and map embed search for. */
function mapQuery(street: string, city: string, state: string, zip: string): string {
  return encodeURIComponent(`${street}, ${city}, ${state} ${zip}`).replace(/%20/g, "+");
}

/**
 * A meeting place said on one line, venue first and the state and ZIP code last, with the map
 * link and embedded map that search for it; or what keeps it from being read.
 */
export function readAddress(text: string): Read<Lodge["address"]> {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const fail = (why: string): Read<Lodge["address"]> => ({
    ok: false,
    problem: `${why}; write the meeting place, street, city, state and ZIP code, e.g. ${ADDRESS_EXAMPLE}`,
  });
  const last = /^(.+?)\s+(\d{5}(?:-\d{4})?)$/.exec(parts.at(-1) ?? "");
  if (!last) return fail("no state and ZIP code at the end");
  if (parts.length < 4) return fail("the meeting place's name, street and city are needed too");
  const [state = "", zip = ""] = last.slice(1);
  const city = parts.at(-2) ?? "";
  const street = parts.at(-3) ?? "";
  const venue = parts.slice(0, -3).join(", ");
  const q = mapQuery(street, city, state, zip);
  return {
    ok: true,
    value: {
      venue,
      street,
      city,
      state,
      zip,
      mapLink: `https://maps.google.com/?q=${q}`,
      mapEmbed: `https://maps.google.com/maps?q=${q}&output=embed`,
    },
  };
}

/** An address as readAddress reads it. */
export function addressText(address: Lodge["address"]): string {
  const { venue, street, city, state, zip } = address;
  return `${venue}, ${street}, ${city}, ${state} ${zip}`;
}
