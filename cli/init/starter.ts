import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scheduleText } from "../../core/rules/lodge-text.ts";
import { dinnerTimeFor } from "../edit/event-questions.ts";
import type { Answers } from "./answers.ts";
import { PLACEHOLDER_ADDRESS } from "./placeholders.ts";

const STARTER = fileURLToPath(new URL("../../templates/starter/", import.meta.url));

/**
 * Fills {{placeholders}}. In YAML (and Markdown front matter) every placeholder stands inside a
 * double-quoted string or is a number, so values are escaped as in JSON; Markdown text gets them
 * as they are.
 */
export function fill(text: string, values: Record<string, string>, markdown: boolean): string {
  const put = (part: string, quoted: boolean) =>
    part.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
      const value = values[key];
      if (value === undefined) return whole;
      return quoted ? JSON.stringify(value).slice(1, -1) : value;
    });
  if (!markdown) return put(text, true);
  const end = text.indexOf("\n---", 3);
  return put(text.slice(0, end), true) + put(text.slice(end), false);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Copies the starter lodge (templates/starter/) into `dir`, filled with the answers. */
export function writeStarter(dir: string, answers: Answers): void {
  const { address: given, meetings, ...rest } = answers;
  // Without the lodge's address, the starter's: validate warns of it, the build refuses it.
  const address = given || PLACEHOLDER_ADDRESS;
  const values = {
    ...rest,
    ...address,
    number: String(answers.number),
    charterYear: answers.charterDate.slice(0, 4),
    schedule: scheduleText(meetings),
    weekday: meetings.weekday,
    weeks: meetings.weeks.join(", "),
    skipMonths: meetings.skipMonths.join(", "),
    time: meetings.time,
    // The dinner before a stated meeting, an hour before it (lodge.yaml's default meetings).
    dinnerTime: dinnerTimeFor(meetings.time, { time: "19:30", dinnerTime: "18:30" }),
  };
  cpSync(STARTER, dir, { recursive: true });
  for (const path of files(dir)) {
    writeFileSync(path, fill(readFileSync(path, "utf8"), values, path.endsWith(".md")));
  }
}
