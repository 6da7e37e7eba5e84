import { hasStarted } from "../../core/rules/events.ts";
import { findDuplicatePastMasters } from "../../core/rules/past-masters.ts";
import { repeats } from "../../core/rules/repeats.ts";
import { parseDay } from "../../core/rules/time.ts";
import type { LodgeData } from "../../core/schemas/index.ts";
import { type EntryNamer, locate } from "./check.ts";
import { FILES, pastMasterEntries } from "./files.ts";
import type { Loaded } from "./load-data.ts";
import type { Problem } from "./problems.ts";
import type { Source } from "./source.ts";

/**
 * Legal but suspicious data, and the few cross-entry rules a single entry's schema cannot see.
 * `now` decides which events have passed (in the lodge's time zone).
 */
export function checkSuspicious(data: LodgeData, sources: Loaded["sources"], now: Date): Problem[] {
  const problems: Problem[] = [];
  const at = (
    severity: Problem["severity"],
    source: Source | undefined,
    name: EntryNamer,
    path: (string | number)[],
    message: string,
  ) => {
    if (source) problems.push({ severity, ...locate(source, name, path), message });
  };
  const line = (source: Source | undefined, path: (string | number)[]) =>
    source?.position(path).line ?? 0;
  const { events: eventsSource, recentEvents: recentSource, bulletins: bulletinSource } = sources;

  for (const [first, repeat] of repeats(data.events, (e) => e.id)) {
    at(
      "error",
      eventsSource,
      FILES.events.name,
      [repeat],
      `has the same id "${data.events[repeat]?.id}" as the event on line ${line(eventsSource, [first])}; RSVPs are kept by id, so give one of them its own id`,
    );
  }
  for (const [first, repeat] of repeats(data.events, (e) => `${e.date}|${e.name.toLowerCase()}`)) {
    if (data.events[first]?.id === data.events[repeat]?.id) continue;
    at(
      "warning",
      eventsSource,
      FILES.events.name,
      [repeat],
      `same date and name as the event on line ${line(eventsSource, [first])}; is it listed twice?`,
    );
  }
  data.events.forEach((event, i) => {
    if (event.spotlight && hasStarted(event.date, now, data.lodge.timeZone)) {
      at(
        "warning",
        eventsSource,
        FILES.events.name,
        [i, "spotlight"],
        "this event is over but still marked spotlight; set spotlight: false",
      );
    }
    const { cost, choices } = event.earlyBirdOptions;
    if (cost.kind === "none" && choices.length > 0) {
      at(
        "warning",
        eventsSource,
        FILES.events.name,
        [i, "earlyBirdOptions", "choices"],
        "meal choices without a cost are never offered: the RSVP form shows the dinner only when the event has a cost",
      );
    }
  });

  for (const [slug, list] of Object.entries(data.pastMasters)) {
    const source = sources.pastMasters[slug];
    for (const [first, repeat] of findDuplicatePastMasters(list)) {
      at(
        "warning",
        source,
        pastMasterEntries(slug),
        [repeat],
        `repeats line ${line(source, [first])}; the page shows it once`,
      );
    }
  }

  for (const [first, repeat] of repeats(data.bulletins.past, (b) => b.filename)) {
    at(
      "warning",
      bulletinSource,
      FILES.bulletins.name,
      ["past", repeat, "filename"],
      `the same PDF as the bulletin on line ${line(bulletinSource, ["past", first])}`,
    );
  }

  data.recentEvents.forEach((event, i) => {
    if (event.eventDate !== "" && parseDay(event.eventDate) === undefined) {
      at(
        "warning",
        recentSource,
        FILES.recentEvents.name,
        [i, "eventDate"],
        `"${event.eventDate}" is not a date 'yyyy/mm/dd', so this event is never shown on Recent Events`,
      );
    }
  });
  return problems;
}
