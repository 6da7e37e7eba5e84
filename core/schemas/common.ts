import { z } from "zod";
import {
  clockText,
  dateTimeText,
  dayText,
  type Reading,
  readClock,
  readDateTime,
  readDay,
  whyNot,
} from "../rules/time.ts";

/** The most of a found value a message shows: a line's worth, so none is ever printed whole. */
const SHOWN_CHARS = 80;
/** How deep into lists and objects a message looks before it writes '...'. */
const SHOWN_LEVELS = 3;

/**
 * Quotes a found value the way error messages show it: strings in quotes, the rest as JSON, cut
 * after SHOWN_CHARS characters (with '...') and SHOWN_LEVELS levels deep. A value received from
 * anyone may be anything: a list nested 5,000 deep overflowed JSON.stringify's stack, and a long
 * text would have been repeated whole in the answer.
 */
export function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  const text =
    typeof value === "string" ? JSON.stringify(value.slice(0, SHOWN_CHARS + 1)) : brief(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 3)}...` : text;
}

/** JSON of `value` until it passes SHOWN_CHARS, lists and objects below SHOWN_LEVELS as '...'. */
function brief(value: unknown): string {
  let out = "";
  const write = (item: unknown, level: number): void => {
    if (out.length > SHOWN_CHARS) return;
    if (item === null || typeof item !== "object") {
      out += JSON.stringify(item) ?? String(item);
    } else if (level >= SHOWN_LEVELS) {
      out += Array.isArray(item) ? "[...]" : "{...}";
    } else if (Array.isArray(item)) {
      out += "[";
      for (let i = 0; i < item.length && out.length <= SHOWN_CHARS; i++) {
        if (i > 0) out += ",";
        write(item[i], level + 1);
      }
      out += "]";
    } else {
      out += "{";
      let first = true;
      for (const key in item) {
        if (out.length > SHOWN_CHARS) break;
        out += `${first ? "" : ","}${JSON.stringify(key)}:`;
        first = false;
        write((item as Record<string, unknown>)[key], level + 1);
      }
      out += "}";
    }
  };
  write(value, 0);
  return out;
}

/**
 * What docs/content.md and the events.yaml header say of a kind of value (`kind`, and once, in
 * the list of kinds, how it may be `written`) and of a field (`description`, and `defaultText`
 * where the default is not a value the schema holds). `npm run docs` reads them; see
 * cli/docs/fields.ts.
 */
export type FieldDoc = {
  kind?: string;
  written?: string;
  /** A whole number's bounds, 'from 0 to 60'. */
  range?: string;
  description?: string;
  defaultText?: string;
};

/** A kind of value as the docs name it: one row of docs/content.md's list of kinds. */
export const kind = (name: string, written: string): FieldDoc => ({ kind: name, written });

/** A string field that may be left out of the file; absent means empty. */
export const text = z
  .string({ error: (i) => `expected text, found ${shown(i.input)}` })
  .meta(
    kind(
      "text",
      "with or without quotes; quote text that holds ': ' or ' #', or starts with a quote, '[', '{', '*', '&', '!' or '@'",
    ),
  );
export const optionalText = text.default("");

/** Required text that must not be blank. */
export const requiredText = (what: string) =>
  z
    .string({ error: (i) => `expected ${what}, found ${shown(i.input)}` })
    .trim()
    .min(1, { error: `expected ${what}, found an empty value` })
    .meta({ kind: "text" });

export const flag = z
  .boolean({ error: (i) => `expected true or false, found ${shown(i.input)}` })
  .meta(kind("true or false", "true or false, without quotes"));

/**
 * A whole number that older data kept as text ("3"); accepted as either, normalised to a number.
 */
export function wholeNumber(what: string, min: number, max: number) {
  return z
    .union([z.number(), z.string()], {
      error: (i) => `expected ${what}, found ${shown(i.input)}`,
    })
    .transform((value, ctx) => {
      const n =
        typeof value === "number" ? value : /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.issues.push({
          code: "custom",
          input: value,
          message: `expected ${what} from ${min} to ${max}, found ${shown(value)}`,
        });
        return z.NEVER;
      }
      return n;
    })
    .meta({
      ...kind("whole number", "12, or as text ('12'), as older data kept it"),
      range: `from ${min} to ${max}`,
    });
}

/**
 * A schema for text read by one of time.ts's readers and written back in lodge's one form: an
 * impossible value says why ('February 2026 has 28 days'), any other shape what was expected.
 */
function readWith<T>(
  expected: string,
  read: (text: string) => Reading<T>,
  write: (value: T) => string,
) {
  return z
    .string({ error: (i) => `${expected}, found ${shown(i.input)}` })
    .transform((raw, ctx) => {
      const result = read(raw);
      if (result.ok) return write(result.value);
      ctx.issues.push({
        code: "custom",
        input: raw,
        message: `${whyNot(result, expected)}, found ${shown(raw)}`,
      });
      return z.NEVER;
    });
}

/**
 * An event date in the lodge's local time, written as people write it ('2024/12/4 19:00',
 * '2024-12-04 7:00 PM'; SPEC 5 reads hyphens as slashes) and kept as 'YYYY/MM/DD HH:mm'.
 */
export const eventDateText = readWith(
  "expected a date and time 'YYYY/MM/DD HH:mm' (24-hour)",
  readDateTime,
  dateTimeText,
).meta(
  kind(
    "date and time",
    "in the lodge's time zone, as people write it: '2024/12/4 19:00', '2024-12-04 7:00 PM' (one-digit months, days and hours, hyphens or slashes, 12-hour times); lodge keeps it as 'YYYY/MM/DD HH:mm', and a day that cannot be is refused saying why ('February 2026 has 28 days')",
  ),
);

/** A time of day ('19:30', '9:00 PM'), kept as 'HH:mm' (24-hour). */
export const clockTime = readWith(
  "expected a time of day such as 19:30 or 7:30 PM",
  readClock,
  clockText,
).meta(kind("time of day", "'19:30' or '7:30 PM', in lodge time; kept as 'HH:mm' (24-hour)"));

/** A calendar date 'YYYY-MM-DD' (or with slashes, or one-digit parts), kept as 'YYYY-MM-DD'. */
export const isoDate = readWith("expected a date 'YYYY-MM-DD'", readDay, (day) =>
  dayText(day, "-"),
).meta(kind("date", "'YYYY-MM-DD' (slashes and one-digit months and days are read too)"));

export const url = z
  .string({ error: (i) => `expected a web address, found ${shown(i.input)}` })
  .regex(/^(https?:\/\/|\/|mailto:|tel:)\S*$/, {
    error: (i) =>
      `expected a web address starting with https://, http:// or /, found ${shown(i.input)}`,
  })
  .meta(
    kind(
      "web address",
      "starting with https:// or http://, / for a path on the site itself, mailto: or tel:",
    ),
  );

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "a set of fields (key: value)",
};

// Messages people can act on for every schema, written the way the validator prints them:
// "expected X, found Y". A schema's own message, where it gives one, takes precedence.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type") {
      return `expected ${EXPECTED[issue.expected] ?? issue.expected}, found ${shown(issue.input)}`;
    }
    if (issue.code === "too_small" && issue.origin === "array") {
      return `expected at least ${issue.minimum} ${issue.minimum === 1 ? "entry" : "entries"}`;
    }
    if (issue.code === "too_big" && issue.origin === "array") {
      return `expected at most ${issue.maximum} entries`;
    }
    if (issue.code === "invalid_value") {
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, found ${shown(issue.input)}`;
    }
    return undefined;
  },
});
