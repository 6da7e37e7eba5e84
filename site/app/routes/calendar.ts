import type { LoaderFunctionArgs } from "react-router";
import { eventCalendarFile } from "../../../core/rules/calendar.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { buildMoment } from "../lib/build-moment.ts";
import { CALENDAR_SUFFIX } from "../site-map.ts";

/**
 * An event's calendar file for the 'Add to calendar' link, written at build time for every event
 * still to come (a resource route: the file is the whole answer).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const event = file.endsWith(CALENDAR_SUFFIX)
    ? events.find((e) => e.id === file.slice(0, -CALENDAR_SUFFIX.length))
    : undefined;
  if (!event) throw new Response("No such event", { status: 404 });
  const ics = eventCalendarFile(lodge, event, buildMoment());
  return new Response(ics, {
    headers: { "Content-Type": "text/calendar; charset=utf-8" },
  });
}
