import { isoDateTime } from "../../../core/rules/calendar.ts";
import { eventStart } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import type { Lodge } from "../../../core/schemas/lodge.ts";

/**
 * An event as schema.org structured data (JSON-LD), so search engines can show the lodge's
 * events with their date, place and status.
 */
export function eventJsonLd(event: Event, lodge: Pick<Lodge, "name" | "timeZone">) {
  const status = event.cancelled
    ? "https://schema.org/EventCancelled"
    : event.postponedFrom
      ? "https://schema.org/EventRescheduled"
      : "https://schema.org/EventScheduled";
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.name,
    startDate: isoDateTime(eventStart(event.date), lodge.timeZone),
    ...(event.postponedFrom
      ? { previousStartDate: isoDateTime(eventStart(event.postponedFrom), lodge.timeZone) }
      : {}),
    eventStatus: status,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    ...(event.description ? { description: event.description } : {}),
    ...(event.location || event.address
      ? {
          location: {
            "@type": "Place",
            name: event.location || event.address,
            ...(event.address ? { address: event.address } : {}),
          },
        }
      : {}),
    organizer: { "@type": "Organization", name: lodge.name },
  };
}

/** JSON for a <script> element: '<' escaped, so no text in the data can end the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
