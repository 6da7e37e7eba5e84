import { z } from "zod";
import { isRealDate } from "../rules/time.ts";

export { isRealDate };

/** Quotes a found value the way error messages show it: strings in quotes, the rest as JSON. */
export function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** A string field that may be left out of the file; absent means empty. */
export const text = z.string({ error: (i) => `expected text, found ${shown(i.input)}` });
export const optionalText = text.default("");

/** Required text that must not be blank. */
export const requiredText = (what: string) =>
  z
    .string({ error: (i) => `expected ${what}, found ${shown(i.input)}` })
    .trim()
    .min(1, { error: `expected ${what}, found an empty value` });

export const flag = z.boolean({ error: (i) => `expected true or false, found ${shown(i.input)}` });

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
    });
}

const DATE_TIME = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/;
const DATE_ONLY = /^(\d{4})\/(\d{2})\/(\d{2})$/;

/** True when `value` (hyphens or slashes) is a real 'YYYY/MM/DD' calendar date. */
export function isDayText(value: string): boolean {
  const m = DATE_ONLY.exec(value.trim().replaceAll("-", "/"));
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * An event date in the lodge's local time, written 'YYYY/MM/DD HH:mm' (24-hour). SPEC 5: hyphens
 * are replaced by slashes before parsing, so '2024-09-04 19:30' is accepted and stored with slashes.
 */
export const eventDateText = z
  .string({ error: (i) => `expected a date and time 'YYYY/MM/DD HH:mm', found ${shown(i.input)}` })
  .transform((raw, ctx) => {
    const value = raw.trim().replaceAll("-", "/");
    const m = DATE_TIME.exec(value);
    const ok =
      m !== null &&
      isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
      Number(m[4]) < 24 &&
      Number(m[5]) < 60;
    if (!ok) {
      ctx.issues.push({
        code: "custom",
        input: raw,
        message: `expected a date and time 'YYYY/MM/DD HH:mm' (24-hour), found ${shown(raw)}`,
      });
      return z.NEVER;
    }
    return value;
  });

/** A clock time 'HH:mm' (24-hour), as used in lodge.yaml's meeting schedule. */
export const clockTime = z
  .string({ error: (i) => `expected a time 'HH:mm' (24-hour), found ${shown(i.input)}` })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: (i) => `expected a time 'HH:mm' (24-hour), found ${shown(i.input)}`,
  });

/** A calendar date 'YYYY-MM-DD' (or with slashes), normalised to 'YYYY-MM-DD'. */
export const isoDate = z
  .string({ error: (i) => `expected a date 'YYYY-MM-DD', found ${shown(i.input)}` })
  .transform((raw, ctx) => {
    if (!isDayText(raw)) {
      ctx.issues.push({
        code: "custom",
        input: raw,
        message: `expected a date 'YYYY-MM-DD', found ${shown(raw)}`,
      });
      return z.NEVER;
    }
    return raw.trim().replaceAll("/", "-");
  });

export const url = z
  .string({ error: (i) => `expected a web address, found ${shown(i.input)}` })
  .regex(/^(https?:\/\/|\/|mailto:|tel:)\S*$/, {
    error: (i) =>
      `expected a web address starting with https://, http:// or /, found ${shown(i.input)}`,
  });

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
