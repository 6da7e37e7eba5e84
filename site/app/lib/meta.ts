import { lodge } from "../../generated/lodge.ts";

/** A page's <title> and meta description: '{title} | {lodge}' and one sentence. */
export function pageMeta(title: string, description: string) {
  const full = title === lodge.name ? title : `${title} | ${lodge.name}`;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
  ];
}
