import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_SITE_URL } from "../cli/commands/build.ts";
import { NOW } from "./support/api-harness.ts";
import { lodge } from "./support/cli-harness.ts";
import { mainText, pageHtml } from "./support/site/page-text.ts";
import { builtPages } from "./support/site/static-server.ts";

/**
 * A lodge as `lodge init` starts it (no events, outings, officers, past masters, albums, recent
 * events or past bulletins), then changed by `change`; `says` holds, per page, the sentence its
 * <main> must show. Each build takes seconds, so each lodge empties as much as it can at once.
 */
const LODGES: {
  name: string;
  change(dir: string): Promise<void>;
  pages: string[];
  says: Record<string, string>;
}[] = [
  {
    name: "everything empty: the new lodge without its history",
    async change(dir) {
      writeFileSync(join(dir, "history.yaml"), "[]\n");
    },
    pages: [],
    says: {
      home: "No events are featured right now. See Upcoming Events for our meetings and dinners.",
      "upcoming-events":
        "No events are scheduled right now. Stated meetings are held on the 1st and 3rd Wednesday of each month at 7:30PM, except in July and August.",
      "social-events": "No outings are planned right now. Check back soon.",
      "recent-events":
        "No events in the last year yet. Pictures and stories of our next events will be posted here.",
      "image-gallery":
        "No photo albums are online yet. Pictures of our meetings and events will be posted here.",
      "past-bulletins":
        "No earlier bulletins are online yet. The current one is on the Bulletin page.",
      history:
        "The history of Test Lodge No. 12 will be told here soon. The lodge was chartered on Mar 1, 1850.",
      "our-officers": "The officers of this Masonic year are not listed yet.",
      "past-masters": "No past masters are listed yet.",
    },
  },
  {
    name: "only the past: an album, every event over (one still marked spotlight), no outings",
    async change(dir) {
      writeFileSync(
        join(dir, "events.yaml"),
        [
          "- date: 2026/11/04 19:30",
          "  name: Stated Meeting",
          "  spotlight: true",
          "- date: 2026/10/17 18:00",
          "  name: Table Lodge",
          "",
        ].join("\n"),
      );
      writeFileSync(
        join(dir, "albums.yaml"),
        "- albumName: 2026-10-17-table-lodge\n  title: Table Lodge 2026\n",
      );
      const album = join(dir, "albums", "2026-10-17-table-lodge");
      mkdirSync(album, { recursive: true });
      const photo = sharp({
        create: { width: 480, height: 320, channels: 3, background: "#13294b" },
      }).jpeg();
      await photo.toFile(join(album, "_cover.jpg"));
      await photo.toFile(join(album, "toast-01.jpg"));
    },
    pages: [
      "/image-gallery/2026-10-17-table-lodge",
      // Past events keep their pages, so links shared while they were to come still work.
      "/events/2026-10-17-table-lodge",
      "/events/2026-11-04-stated-meeting",
    ],
    says: {
      "events/2026-10-17-table-lodge":
        "This event has taken place (Saturday, October 17, 2026 at 6:00PM). See the upcoming events See the photos : Table Lodge 2026",
      home: "No events are featured right now.",
      "upcoming-events": "No events are scheduled right now.",
      "recent-events":
        "No events in the last year yet. See the image gallery for earlier pictures.",
      "image-gallery": "Table Lodge 2026",
    },
  },
];

/** Every page of a lodge with one past-masters list, the pages a lodge always has. */
const ALWAYS = [
  "/about-us",
  "/brotherhood-night-history",
  "/bulletin",
  "/contact-us",
  "/history",
  "/home",
  "/how-to-join",
  "/image-gallery",
  "/our-officers",
  "/past-bulletins",
  "/past-masters",
  "/recent-events",
  "/rsvp/answer",
  "/rsvp/door",
  "/rsvp/claim",
  "/rsvp/manage",
  "/social-events",
  "/upcoming-events",
];

let root: string;
const epoch = process.env.SOURCE_DATE_EPOCH;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "lodge-empty-"));
  // Built for the tests' moment, so what has passed is the same on any day they run.
  process.env.SOURCE_DATE_EPOCH = String(NOW.getTime() / 1000);
});
afterAll(() => {
  if (epoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
  else process.env.SOURCE_DATE_EPOCH = epoch;
  rmSync(root, { recursive: true, force: true });
});

describe("a lodge with nothing yet to show", () => {
  it.each(LODGES.map((l, i) => [l.name, i] as const))(
    "builds %s, each page with its empty state",
    async (_, index) => {
      const lodgeCase = LODGES[index];
      if (!lodgeCase) throw new Error("no such lodge");
      const cwd = join(root, String(index));
      mkdirSync(cwd);
      const init = await lodge(
        cwd,
        "init",
        "data",
        "--name",
        "Test Lodge No. 12",
        "--charter-date",
        "1850-03-01",
      );
      expect(init.stderr).toEqual([]);
      await lodgeCase.change(join(cwd, "data"));

      // The starter's placeholders are still in: a draft.
      const build = await lodge(cwd, "build", "--draft");
      expect(build.stderr).toEqual([]);
      expect(build.code).toBe(0);
      const dist = join(cwd, "dist");
      expect(builtPages(dist)).toEqual([...ALWAYS, ...lodgeCase.pages].sort());
      for (const [path, sentence] of Object.entries(lodgeCase.says)) {
        expect(mainText(pageHtml(dist, path)), path).toContain(sentence);
      }
      // No event still to come, so no calendar files (and no route without pages).
      expect(existsSync(join(dist, "calendar"))).toBe(false);
      // A new lodge has no siteUrl yet: said once, and what needs full addresses is left out.
      expect(build.stdout.filter((line) => line === NO_SITE_URL)).toHaveLength(1);
      expect(existsSync(join(dist, "sitemap.xml"))).toBe(false);
      expect(existsSync(join(dist, "feed.xml"))).toBe(false);
      expect(pageHtml(dist, "home")).not.toContain('rel="canonical"');
      expect(pageHtml(dist, "home")).toContain('<meta name="twitter:card" content="summary"/>');
      expect(readFileSync(join(dist, "robots.txt"), "utf8")).toBe("User-agent: *\nAllow: /\n");
    },
    120_000,
  );
});
