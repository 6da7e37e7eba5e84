import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The HTML file the build wrote for a page ('history', or '' for the root). */
export function pageHtml(dist: string, path: string): string {
  return readFileSync(join(dist, path, "index.html"), "utf8");
}

/** Text of the page's <main>, tags removed, the entities the sites use decoded. */
export function mainText(page: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(page)?.[1] ?? "";
  return main
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}
