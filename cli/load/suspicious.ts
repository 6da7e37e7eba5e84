import { findDuplicatePastMasters } from "../../core/rules/past-masters.ts";
import { repeats } from "../../core/rules/repeats.ts";
import { parseDay } from "../../core/rules/time.ts";
import type { EntityKey, LodgeData } from "../../core/schemas/index.ts";
import { locate } from "./check.ts";
import { type Sources, sourceOf } from "./files.ts";
import type { Problem } from "./problems.ts";

/**
 * Legal but suspicious data, and the few cross-entry rules a single entry's schema cannot see.
 * None depends on the day it is read: a spotlight event that has taken place simply leaves the
 * carousel, so data that validated yesterday validates today.
 */
export function checkSuspicious(data: LodgeData, sources: Sources): Problem[] {
  const problems: Problem[] = [];
  const at = (
    severity: Problem["severity"],
    [key, slug]: [EntityKey, string?],
    path: (string | number)[],
    message: string,
  ) => {
    const { source, name } = sourceOf(sources, key, slug);
    if (source) problems.push({ severity, ...locate(source, name, path), message });
  };
  const line = ([key, slug]: [EntityKey, string?], path: (string | number)[]) =>
    sourceOf(sources, key, slug).source?.position(path).line ?? 0;

  for (const [first, repeat] of repeats(data.events, (e) => e.id)) {
    at(
      "error",
      ["events"],
      [repeat],
      `has the same id "${data.events[repeat]?.id}" as the event on line ${line(["events"], [first])}; RSVPs are kept by id, so give one of them its own id`,
    );
  }
  for (const [first, repeat] of repeats(data.events, (e) => `${e.date}|${e.name.toLowerCase()}`)) {
    if (data.events[first]?.id === data.events[repeat]?.id) continue;
    at(
      "warning",
      ["events"],
      [repeat],
      `same date and name as the event on line ${line(["events"], [first])}; is it listed twice?`,
    );
  }
  data.events.forEach((event, i) => {
    const { cost, choices } = event.earlyBirdOptions;
    if (cost.kind === "none" && choices.length > 0) {
      at(
        "warning",
        ["events"],
        [i, "earlyBirdOptions", "choices"],
        "meal choices without a cost are never offered: the RSVP form shows the dinner only when the event has a cost",
      );
    }
  });

  for (const [slug, list] of Object.entries(data.pastMasters)) {
    for (const [first, repeat] of findDuplicatePastMasters(list)) {
      at(
        "warning",
        ["pastMasters", slug],
        [repeat],
        `repeats line ${line(["pastMasters", slug], [first])}; the page shows it once`,
      );
    }
  }

  for (const [first, repeat] of repeats(data.bulletins.past, (b) => b.filename)) {
    at(
      "warning",
      ["bulletins"],
      ["past", repeat, "filename"],
      `the same PDF as the bulletin on line ${line(["bulletins"], ["past", first])}`,
    );
  }

  data.recentEvents.forEach((event, i) => {
    if (event.eventDate !== "" && parseDay(event.eventDate) === undefined) {
      at(
        "warning",
        ["recentEvents"],
        [i, "eventDate"],
        `"${event.eventDate}" is not a date 'yyyy/mm/dd', so this event is never shown on Recent Events`,
      );
    }
  });
  return problems;
}
