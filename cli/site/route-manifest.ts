import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** How React Router's build writes the route manifest every page with React loads at start. */
const MANIFEST_FILE = /^manifest-[\w-]+\.js$/;
const ASSIGNMENT = /^window\.__reactRouterManifest=(\{.*\});$/s;

/**
 * The manifest without the flags a route does not have: React Router writes every route's eight
 * `has...` flags, true or false, and its browser code only ever asks whether one is set (a flag
 * left out reads as false, e.g. `route.hasLoader ? ... : ...`). Each page with React loads the
 * whole manifest, one entry per route, so every route added costs all of them bytes: the false
 * flags were 62 of its 1,650 gzipped bytes, more than the door's entry (28) costs.
 */
export function withoutFalseFlags(code: string): string {
  const json = ASSIGNMENT.exec(code)?.[1];
  if (json === undefined) throw new Error("React Router's route manifest has a shape not known");
  const manifest = JSON.parse(json) as { routes: Record<string, Record<string, unknown>> };
  for (const route of Object.values(manifest.routes)) {
    for (const [key, value] of Object.entries(route)) {
      if (value === false && /^has[A-Z]|^caseSensitive$/.test(key)) delete route[key];
    }
  }
  return `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
}

/**
 * Rewrites the built site's route manifest in place, before its compressed copies are made. Its
 * name keeps the version React Router gave it: the same routes give the same file.
 */
export function trimRouteManifest(siteDir: string): void {
  const assets = join(siteDir, "assets");
  for (const file of readdirSync(assets).filter((name) => MANIFEST_FILE.test(name))) {
    const path = join(assets, file);
    writeFileSync(path, withoutFalseFlags(readFileSync(path, "utf8")));
  }
}
