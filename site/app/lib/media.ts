import { type MediaKind, mediaUrl } from "../../../core/rules/media.ts";
import { lodge } from "../../generated/lodge.ts";

/** The address of a media file the data names, served from lodge.yaml's `media` bases. */
export function media(kind: MediaKind, file: string): string {
  return mediaUrl(lodge.media, kind, file);
}
