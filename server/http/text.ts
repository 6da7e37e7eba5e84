import { fieldLabel, Refusal } from "../use-cases/refusal.ts";

const LINE_BREAK = /[\r\n]/;
// Control characters other than tab and line breaks: no form produces them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const HEADER_FIELDS = ["firstName", "lastName", "masonicTitle", "email"] as const;

/**
 * Names and addresses end up in mail headers: a line break in them is refused outright. No text
 * field of any form may hold control characters.
 */
export function refuseUnsafeText(body: unknown, fields: readonly string[] = HEADER_FIELDS): void {
  if (body === null || typeof body !== "object") return;
  // By key, not Object.entries: no pair made per field of every request.
  for (const field in body) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value !== "string") continue;
    if (fields.includes(field) && LINE_BREAK.test(value)) {
      throw new Refusal("invalid", `${fieldLabel(field)} may not contain a line break.`, field);
    }
    if (CONTROL.test(value)) {
      throw new Refusal(
        "invalid",
        `${fieldLabel(field)} may not contain control characters.`,
        field,
      );
    }
  }
}
