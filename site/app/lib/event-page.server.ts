import { albumOfDay, mapEmbedOf } from "../../../core/rules/events.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { albums } from "../../generated/albums.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";

/** The event a page's address names by its `:id`, for the page's build-time loader; 404 for none. */
export function eventOfPage(id: string | undefined): Event {
  const event = events.find((e) => e.id === id);
  if (!event) throw new Response("No such event", { status: 404 });
  return event;
}

/**
 * What an event's or outing's own page shows beside it, for its build-time loader: the album of
 * that day (for once it has taken place) and the map of its address. `.server` keeps the album
 * list out of the browser's bundle.
 */
export function eventPageData(date: string, address: string) {
  const album = albumOfDay(albums, date);
  return {
    album: album && { name: album.albumName, title: album.title },
    map: mapEmbedOf(address, lodge.address),
  };
}
