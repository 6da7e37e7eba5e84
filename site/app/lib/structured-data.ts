import { isoDateTime } from "../../../core/rules/calendar.ts";
import { eventStart } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import type { Lodge } from "../../../core/schemas/lodge.ts";
import type { SocialEvent } from "../../../core/schemas/social-event.ts";

/**
 * An event as schema.org structured data (JSON-LD), so search engines can show the lodge's
 * events with their date, place and status.
 */
export function eventJsonLd(
  item: Event | SocialEvent,
  lodge: Pick<Lodge, "name" | "timeZone">,
  url?: string,
) {
  const event: Partial<Event> & Pick<Event, "name" | "date" | "description" | "location"> = item;
  const address = "locationAddress" in item ? item.locationAddress : item.address;
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
    ...(event.location || address
      ? {
          location: {
            "@type": "Place",
            name: event.location || address,
            ...(address ? { address } : {}),
          },
        }
      : {}),
    ...(url ? { url } : {}),
    organizer: { "@type": "Organization", name: lodge.name },
  };
}

/** The absolute address of a page of the site, when lodge.yaml gives `siteUrl`. */
export function siteAddress(siteUrl: string, path: string): string | undefined {
  return siteUrl ? siteUrl + path : undefined;
}

/** JSON for a <script> element: '<' escaped, so no text in the data can end the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
