import type { Event } from "../../../core/schemas/event.ts";
import type { SocialEvent } from "../../../core/schemas/social-event.ts";
import { lodge } from "../../generated/lodge.ts";
import { eventJsonLd, scriptJson, siteAddress } from "../lib/structured-data.ts";

/**
 * The event as schema.org structured data, for search engines; `path` is its own page. In a file
 * of its own: an outing's page writes it too, and needs none of the event cards.
 */
export function EventJsonLd({ event, path }: { event: Event | SocialEvent; path: string }) {
  return (
    <script
      type="application/ld+json"
      // Written by the build only, which is what search engines read: React in the browser keeps
      // it as it is, and the pages' scripts do without the code that makes it.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the lodge's own data, '<' escaped
      dangerouslySetInnerHTML={{
        __html: import.meta.env.SSR
          ? scriptJson(eventJsonLd(event, lodge, siteAddress(lodge.siteUrl, path)))
          : "",
      }}
    />
  );
}
