import { albumOfDay, mapEmbedOf } from "../../../core/rules/events.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";

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
