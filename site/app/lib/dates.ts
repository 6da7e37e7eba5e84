import { eventStart, formatFullDate, formatShortTime } from "../../../core/rules/time.ts";

/** 'Wednesday, September 4, 2024 at 7:30PM': an event's start as the pages show it. */
export function eventWhen(date: string): string {
  const start = eventStart(date);
  return `${formatFullDate(start)} at ${formatShortTime(start)}`;
}
