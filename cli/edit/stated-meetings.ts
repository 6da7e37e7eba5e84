import { resolve } from "node:path";
import { meetingDays } from "../../core/rules/schedule.ts";
import { type CalendarDate, dayText } from "../../core/rules/time.ts";
import { costToText, type EventInput } from "../../core/schemas/event.ts";
import type { Lodge, LodgeData } from "../../core/schemas/index.ts";
import { openList } from "./content-file.ts";
import { addEvents } from "./events-file.ts";

/**
 * A stated meeting on `day`, as lodge.yaml's schedule describes it. It names no place: it is at
 * the lodge's meeting place, which lodge.yaml keeps (withLodgePlace), never a copy of it.
 */
export function statedMeeting(lodge: Lodge, day: CalendarDate): EventInput {
  const { meetings } = lodge;
  const cost = costToText(meetings.dinnerCost);
  return {
    date: `${dayText(day)} ${meetings.time}`,
    name: "Stated Meeting",
    rsvpOptions: true,
    rsvpExpirationDays: meetings.rsvpExpirationDays,
    tyled: true,
    earlyBirdOptions: { time: cost === "" ? "" : meetings.dinnerTime, cost, choices: [] },
  };
}

export type MeetingsAdded = {
  added: EventInput[];
  /** Days of the schedule that have an event already, with its name. */
  skipped: { date: string; name: string; existing: string }[];
};

/**
 * `lodge add-meetings`: the year's stated meetings from lodge.yaml's schedule, each day that has
 * no event yet added to the lodge's events file in date order (unless `dryRun`).
 */
export function addMeetings(
  cwd: string,
  data: LodgeData,
  options: { data: string; year: number; dryRun: boolean },
): MeetingsAdded {
  const added: EventInput[] = [];
  const skipped: MeetingsAdded["skipped"] = [];
  for (const day of meetingDays(options.year, data.lodge.meetings)) {
    const meeting = statedMeeting(data.lodge, day);
    const existing = data.events.find((e) => e.date.slice(0, 10) === meeting.date.slice(0, 10));
    if (existing) skipped.push({ date: meeting.date, name: meeting.name, existing: existing.name });
    else added.push(meeting);
  }
  if (added.length > 0 && !options.dryRun) {
    const list = openList(resolve(cwd, options.data), "events");
    addEvents(list, added);
    list.save();
  }
  return { added, skipped };
}
