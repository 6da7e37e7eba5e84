import { describe, expect, it } from "vitest";
import { recentEventSchema } from "../schemas/recent-event.ts";
import { recentEvents } from "./recent-events.ts";

const NY = "America/New_York";
const recent = (eventName: string, eventDate: string) =>
  recentEventSchema.parse({ eventName, eventDate });
const names = (list: readonly { eventName: string }[]) => list.map((e) => e.eventName);

// Dec 10 2024 03:00 UTC is Dec 9, 22:00 in New York and already Dec 10 in Auckland.
const now = new Date("2024-12-10T03:00:00Z");

describe("recentEvents", () => {
  it("keeps events from today back to 364 days ago in the lodge's zone, newest first", () => {
    const list = [
      recent("A year and a day ago", "2023/12/10"),
      recent("364 days ago", "2023/12/11"),
      recent("Today in New York", "2024/12/09"),
      recent("Summer picnic", "2024/07/20"),
      recent("Tomorrow in New York, today in Auckland", "2024/12/10"),
    ];
    expect(names(recentEvents(list, now, NY))).toEqual([
      "Today in New York",
      "Summer picnic",
      "364 days ago",
    ]);
  });

  it("would count from the machine's day if the machine's zone were passed", () => {
    const list = [recent("Dec 10", "2024/12/10"), recent("364 days before Dec 9", "2023/12/11")];
    expect(names(recentEvents(list, now, "Pacific/Auckland"))).toEqual(["Dec 10"]);
  });

  it("drops events with an empty or invalid date", () => {
    const list = [
      recent("No date", ""),
      recent("Not a day", "2024/02/30"),
      recent("Words", "last spring"),
      recent("Table Lodge", "2024-10-19"),
    ];
    expect(names(recentEvents(list, now, NY))).toEqual(["Table Lodge"]);
  });

  it("keeps data order for events of the same day", () => {
    const list = [recent("Morning", "2024/06/01"), recent("Evening", "2024/06/01")];
    expect(names(recentEvents(list, now, NY))).toEqual(["Morning", "Evening"]);
  });
});
