import { HOME_CAROUSEL } from "../constants.ts";
import type { Event } from "../schemas/event.ts";
import type { Lodge } from "../schemas/lodge.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import {
  compareWallTimes,
  dayText,
  eventStart,
  formatFullDate,
  isBefore,
  type WallTime,
  wallTimeIn,
} from "./time.ts";

/** True once the lodge's clock has reached the event's start. */
export function hasStarted(dateText: string, now: Date, timeZone: string): boolean {
  return !isBefore(wallTimeIn(now, timeZone), eventStart(dateText));
}

function notStartedByDate<T extends { date: string }>(
  items: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  const today = wallTimeIn(now, timeZone);
  return items
    .map((item) => ({ item, start: eventStart(item.date) }))
    .filter(({ start }) => isBefore(today, start))
    .sort((a, b) => compareWallTimes(a.start, b.start))
    .map(({ item }) => item);
}

/** Events that have not started yet, earliest first; events at the same time keep data order. */
export function upcomingEvents<T extends Pick<Event, "date">>(
  events: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return notStartedByDate(events, now, timeZone);
}

/** Social outings that have not started yet, earliest first (SPEC 4: started ones are hidden). */
export function upcomingOutings<T extends Pick<SocialEvent, "date">>(
  outings: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return notStartedByDate(outings, now, timeZone);
}

/** The home carousel: spotlight events still to come, earliest first, at most three (SPEC 2). */
export function spotlightEvents<T extends Pick<Event, "date" | "spotlight">>(
  events: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return notStartedByDate(
    events.filter((event) => event.spotlight),
    now,
    timeZone,
  ).slice(0, HOME_CAROUSEL.maxSlides);
}

const INSTALLATION = /installation of officers/i;

/**
 * The date of the latest 'Installation of Officers' in the data: past masters whose term ends this
 * year are shown from its month and day on (SPEC 4). Undefined when the data has none.
 */
export function latestInstallation(
  events: readonly Pick<Event, "date" | "name">[],
): WallTime | undefined {
  let latest: WallTime | undefined;
  for (const event of events) {
    if (!INSTALLATION.test(event.name)) continue;
    const start = eventStart(event.date);
    if (!latest || isBefore(latest, start)) latest = start;
  }
  return latest;
}

/** What changed about an event since it was announced, as the site labels it. */
export type EventNotice = { kind: "cancelled" | "full" | "postponed"; text: string };

/**
 * The notices an event carries (from `lodge edit-event`): 'Cancelled', 'Full' and
 * 'Postponed from Wednesday, December 2, 2026'. Empty for an event as announced.
 */
export function eventNotices(
  event: Partial<Pick<Event, "cancelled" | "full" | "postponedFrom">>,
): EventNotice[] {
  const notices: EventNotice[] = [];
  if (event.cancelled) notices.push({ kind: "cancelled", text: "Cancelled" });
  if (event.full && !event.cancelled) notices.push({ kind: "full", text: "Full" });
  if (event.postponedFrom) {
    notices.push({
      kind: "postponed",
      text: `Postponed from ${formatFullDate(eventStart(event.postponedFrom))}`,
    });
  }
  return notices;
}

/**
 * The album of the day an event or outing took place: album folders are named with their date
 * first ('2024-12-11-brotherhood-night'), so a past event's page can link to its photos.
 */
export function albumOfDay<T extends { albumName: string }>(
  albums: readonly T[],
  date: string,
): T | undefined {
  const day = `${dayText(eventStart(date), "-")}-`;
  return albums.find((album) => album.albumName.startsWith(day));
}

/**
 * The map an event's page embeds: the lodge's own embed for an event at the lodge's street (or
 * with no address), a Google Maps embed of any other address; none when the lodge embeds no map.
 */
export function mapEmbedOf(
  address: string,
  lodgeAddress: { street: string; mapEmbed: string },
): string | undefined {
  if (!lodgeAddress.mapEmbed) return undefined;
  if (!address.trim() || address.startsWith(lodgeAddress.street)) return lodgeAddress.mapEmbed;
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
}

/** The lodge's meeting place as an event names a place: venue, address line and map link. */
export function lodgePlace(
  address: Lodge["address"],
): Pick<Event, "location" | "address" | "addressLink"> {
  const { venue, street, city, state, zip, mapLink } = address;
  return { location: venue, address: `${street}, ${city}, ${state} ${zip}`, addressLink: mapLink };
}

/**
 * An event that names no place of its own (no venue, no address: the stated meetings
 * `lodge add-meetings` writes) is at the lodge's meeting place, read from lodge.yaml at each
 * build: correcting the address there corrects every such event, which keeps no copy of it.
 */
export function withLodgePlace<T extends Pick<Event, "location" | "address" | "addressLink">>(
  event: T,
  address: Lodge["address"],
): T {
  if (event.location || event.address) return event;
  const place = lodgePlace(address);
  return { ...event, ...place, addressLink: event.addressLink || place.addressLink };
}
