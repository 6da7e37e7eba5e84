import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadData } from "../cli/load/load-data.ts";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { Clock, NOW, startServer, type TestServer } from "./support/api-harness.ts";
import { lodge, lodgeBuild } from "./support/cli-harness.ts";

/**
 * A lodge moving in from the site this product replaces: its content in the old site's JSON
 * shapes, its pictures in the old app's images folder and an Excel export
 * (test/fixtures/legacy-lodge, see its README), imported, validated, built and served, as
 * docs/webmaster.md's "Moving from an existing site" tells a webmaster to.
 */
const FIXTURE = fileURLToPath(new URL("./fixtures/legacy-lodge/", import.meta.url));

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * A copy of the fixture with the old app's JSON files in `data`: src/data as the old app keeps
 * them (the fixture's own layout), or src/assets/data as some checkouts do.
 */
function oldSite(data: "src/data" | "src/assets/data"): string {
  const root = mkdtempSync(join(tmpdir(), "lodge-legacy-"));
  roots.push(root);
  cpSync(FIXTURE, root, { recursive: true });
  if (data !== "src/data")
    renameSync(join(root, "old-site/src/data"), join(root, "old-site", data));
  return root;
}

/** `lodge init`, then the lodge.yaml the webmaster writes: the old site's three lists and buckets. */
async function startLodge(root: string): Promise<void> {
  const init = await lodge(
    root,
    ...["init", "lodge", "--name", "Maple Grove Lodge No. 655", "--charter-date", "1867-10-16"],
  );
  expect(init.code).toBe(0);
  cpSync(join(root, "lodge.yaml"), join(root, "lodge", "lodge.yaml"));
}

/** The import of the README, leaving out the older export of University Heights' list. */
const importLegacy = (root: string, data: string) =>
  lodge(
    root,
    ...["import", "legacy", `old-site/${data}`, "--data", "lodge"],
    ...["--skip", "pastMasterListUH-2019.json", "--force"],
  );

/**
 * Each officer's card on /our-officers as [name, portrait, jewel]: the addresses its pictures are
 * shown from, each a file of the built site.
 */
function officerCards(dist: string): string[][] {
  const html = readFileSync(join(dist, "our-officers", "index.html"), "utf8");
  return html
    .split('class="card officer-card"')
    .slice(1)
    .map((card) => {
      const name = /<h2>([^<]+)<\/h2>/.exec(card)?.[1] ?? "";
      const srcs = [...card.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "");
      for (const src of srcs) expect(existsSync(join(dist, src)), src).toBe(true);
      return [name, ...srcs.map((src) => src.replace(/-[0-9a-f]{8}-\d+\.(jpg|png)$/, ""))];
    });
}

/** The officers of the fixture as their cards show them: every portrait and jewel of the old app. */
const OFFICER_CARDS = [
  ["Thomas A. Reed", "/media/images/officers/reed", "/media/images/jewels/worshipful_master"],
  ["Samuel B. Ortiz", "/media/images/officers/ortiz", "/media/images/jewels/senior_warden"],
  ["Harold V. Lane", "/media/images/officers/2021-2022_lane", "/media/images/jewels/treasurer"],
];

describe("a lodge moves in from the old site", () => {
  let server: TestServer | undefined;
  afterAll(async () => server?.close());

  it("in the old app's layout (src/data, src/assets/images): imports with --skip, validates with 0 errors, builds with every portrait and jewel, and serves it with an RSVP accepted", async () => {
    const root = oldSite("src/data");
    const file = (path: string) => readFileSync(join(root, path), "utf8");
    const page = (path: string) => file(join("dist", path, "index.html"));
    await startLodge(root);

    // Beside University Heights' list lies an older export of it: the import says which to skip.
    const refused = await lodge(
      root,
      ...["import", "legacy", "old-site/src/data", "--data", "lodge", "--force"],
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toEqual([
      `old-site/src/data/pastMasterListUH-2019.json and old-site/src/data/pastMasterListUH.json both fit the list "university-heights" (each by its file name), which takes one file: leave the older export out with --skip pastMasterListUH-2019.json (its terms end in 2019, pastMasterListUH.json's in 2020), or name each file's list with --list FILE=SLUG`,
      "Nothing was imported.",
    ]);

    const legacy = await importLegacy(root, "src/data");
    expect(legacy.stderr).toEqual([]);
    expect(legacy.code).toBe(0);
    expect(legacy.stdout).toEqual(
      expect.arrayContaining([
        "old-site/src/data/album-info.json: 3 albums -> lodge/albums.yaml",
        "old-site/src/data/event-list.json: 5 events -> lodge/events.yaml",
        "old-site/src/data/officers.json: 3 officers -> lodge/officers.yaml",
        "old-site/src/data/past-master-list.json: 5 past masters -> lodge/past-masters/main.csv (matched as the old site's file of the lodge's own list)",
        "old-site/src/data/gsPastMasters.json: 4 past masters -> lodge/past-masters/golden-square.csv (matched by its file name)",
        "old-site/src/data/pastMasterListUH.json: 9 past masters -> lodge/past-masters/university-heights.csv (matched by its file name)",
        "old-site/src/data/pastMasterListUH-2019.json: left out (--skip)",
        "old-site/src/data/event-list.json: 5 dates ('YYYY/MM/DD HH:mm'), 4 numbers kept as text and 2 closing times ('HH:mm') rewritten as lodge writes them",
        "old-site/src/data/social-events.json: isRsvpBtn is read as isRsvp (2 entries)",
        "lodge/lodge.yaml:61:11  note  6 pictures are served from https://storage.googleapis.com/maplegrove655-albums/ and not kept locally; the pages link to them there",
        "lodge/lodge.yaml:63:14  note  3 PDFs are served from https://storage.googleapis.com/maplegrove655-bulletins/ and not kept locally; the pages link to them there",
        "Imported 38 entries from 10 files into lodge; skipped 0 entries and 1 file. Run lodge validate, then lodge build.",
      ]),
    );
    // Every picture the data names, found as the old app's pages found it.
    expect(legacy.stdout.filter((line) => line.startsWith("copied "))).toEqual([
      "copied 2 files of the old app into lodge/images/events",
      "copied 3 files of the old app into lodge/images/officers",
      "copied 3 files of the old app into lodge/images/jewels",
      "copied 4 files of the old app into lodge/images/past-masters",
      "copied 1 file of the old app into lodge/images/history",
    ]);
    expect(file("lodge/officers.yaml")).toContain(
      "- name: Harold V. Lane\n  office: Treasurer\n  image: 2021-2022_lane.jpg\n",
    );
    expect(file("lodge/officers.yaml")).toContain("  jewel: worshipful_master.png\n");
    expect(file("lodge/events.yaml")).toContain(
      "- date: 2024/12/04 19:00\n  name: Brotherhood Night\n",
    );
    expect(file("lodge/events.yaml")).toContain('  rsvpExpirationTime: "18:00"\n');
    expect(file("lodge/past-masters/main.csv")).toContain("1,Ezra L. Beck,1867 - 1868,pm-1.jpg\n");

    // The golden-square list as a member keeps it in Excel: Windows-1252, CRLF, en dashes.
    const excel = await lodge(
      root,
      ...["import", "past-masters", "golden-square-masters.csv", "--lodge", "golden-square"],
      ...["--data", "lodge"],
    );
    expect(excel.code).toBe(0);
    expect(excel.stdout.slice(-3)).toEqual([
      "changed 3 José Martínez (1923 - 1924): name was Jose Martinez",
      "added 5 René O’Brien (1925 - 1926)",
      "lodge/past-masters/golden-square.csv: 1 added, 1 changed, 3 unchanged; 5 past masters in all.",
    ]);

    const validate = await lodge(root, "validate", "--data", "lodge");
    expect(validate.code).toBe(0);
    expect(validate.stdout.at(-1)).toBe(
      "lodge: 5 events, 2 social outings, 3 officers, 19 past masters in 3 lists, 3 past bulletins, 3 albums, 2 recent events, 2 history entries, 4 pages; no errors, 5 warnings.",
    );
    // The old site had no pages of these, nor the PDFs: what lodge init drew is still there, so
    // the site is built as a draft until the webmaster replaces it.
    expect(validate.stdout.filter((line) => line.includes("lodge init drew"))).toHaveLength(2);

    const built = await lodgeBuild(
      root,
      ...["--data", "lodge", "--out", "dist", "--images", "images", "--draft"],
    );
    expect(built.stderr).toEqual([]);
    expect(built.code).toBe(0);
    expect(officerCards(join(root, "dist"))).toEqual(OFFICER_CARDS);
    // The spotlight's picture as the old app named it (hats.jpeg, in its images folder).
    expect(page("home")).toMatch(/src="\/media\/images\/events\/hats-[0-9a-f]{8}-\d+\.jpg"/);
    // Old album links keep working: the name as it is, URL-encoded in links, as files by name.
    expect(page("image-gallery")).toContain(
      'href="/image-gallery/2019.12.11%20Brotherhood%20Night"',
    );
    expect(page("image-gallery")).toContain(
      'src="https://storage.googleapis.com/maplegrove655-albums/2017_03_15_Sports_Night/_cover.jpg"',
    );
    expect(page("image-gallery/2019.12.11 Brotherhood Night")).toContain("Brotherhood Night");
    // The event's own closing time, from the old rsvpExpirationTime.
    expect(page("upcoming-events")).toContain("Closes Dec 1, 2026 at 6:00PM");
    expect(page("golden-square-past-masters")).toContain("José Martínez");
    for (const name of ["Frank Hayes", "Donald Clark", "David Scott"]) {
      expect(page("university-heights-past-masters")).toContain(name);
    }

    const { data } = loadData(join(root, "lodge"), root);
    if (!data) throw new Error("the imported lodge does not load");
    server = await startServer({
      data,
      config: { dataDir: join(root, "lodge"), distDir: join(root, "dist") },
      clock: new Clock(NOW),
    });
    const client = await server.client();
    const album = await client.get("/image-gallery/2019.12.11%20Brotherhood%20Night");
    expect(album.status).toBe(200);
    expect(String(album.body)).toContain("<h1>Brotherhood Night");
    const event = data.events.find((e) => e.id === "2026-12-02-stated-meeting");
    if (!event) throw new Error("the imported upcoming meeting is missing");
    const form = {
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "PM",
      email: "john.smith@example.org",
      numberOfAttendees: 2,
      earlyBirdDinner: true,
      numberOfMeals: 2,
      mealChoice: "",
      countRoastBeef: 1,
      countSalmon: 1,
    } as EventRsvpForm;
    const rsvp = await client.post("/mj/api/rsvp", buildEventRsvpPayload(event, form));
    expect(rsvp.status).toBe(200);
    expect((await server.store.listEventRsvps(event.id)).map((r) => r.record.attendees)).toEqual([
      2,
    ]);
    // After the event's own closing time (6:00 PM the day before), the server refuses.
    server.clock.advance(Date.parse("2026-12-01T23:00:00Z") - NOW.getTime());
    const late = await client.post("/mj/api/rsvp", buildEventRsvpPayload(event, form));
    expect(late).toMatchObject({
      status: 409,
      body: {
        message:
          "Reservations for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM closed on Dec 1, 2026 at 6:00PM.",
      },
    });
  }, 240_000);

  it("in the README's layout (src/assets/data): imports with --skip and builds with every portrait and jewel", async () => {
    const root = oldSite("src/assets/data");
    await startLodge(root);
    const legacy = await importLegacy(root, "src/assets/data");
    expect(legacy.stderr).toEqual([]);
    expect(legacy.stdout).toEqual(
      expect.arrayContaining([
        "old-site/src/assets/data/officers.json: 3 officers -> lodge/officers.yaml",
        "old-site/src/assets/data/pastMasterListUH-2019.json: left out (--skip)",
        "copied 3 files of the old app into lodge/images/officers",
        "copied 3 files of the old app into lodge/images/jewels",
      ]),
    );
    const built = await lodgeBuild(
      root,
      ...["--data", "lodge", "--out", "dist", "--images", "images", "--draft"],
    );
    expect(built.stderr).toEqual([]);
    expect(built.code).toBe(0);
    expect(built.stdout.filter((line) => /^lodge\/\S+:\d+:\d+ {2}(?!note)/.test(line))).toEqual([
      "lodge/past-masters/university-heights.csv:5:1  warning  university-heights[3] (3 Raymond N. Scott)  repeats line 4; the page shows it once",
    ]);
    expect(officerCards(join(root, "dist"))).toEqual(OFFICER_CARDS);
  }, 240_000);
});
