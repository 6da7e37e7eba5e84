import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseSiteMark, SITE_MARK, type SiteMark, siteMarkText } from "../../core/places.ts";

/** The lodge a built site says it was built for, if it says so. */
export function siteMark(dist: string): SiteMark | undefined {
  const file = join(dist, SITE_MARK);
  return existsSync(file) ? parseSiteMark(readFileSync(file, "utf8")) : undefined;
}

export function writeSiteMark(dist: string, mark: SiteMark): void {
  writeFileSync(join(dist, SITE_MARK), siteMarkText(mark));
}
