import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadData } from "../cli/load/load-data.ts";
import { ALERTS } from "../core/messages.ts";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import { Client, PLAIN_RSVP_FORM } from "./support/api-harness.ts";
import { lodge, lodgeBuild, serveInProcess } from "./support/cli-harness.ts";
import { mainText } from "./support/site/page-text.ts";

const root = mkdtempSync(join(tmpdir(), "lodge-new-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The year after the tests' moment (NOW, in November 2026), whose meetings are all to come. */
const YEAR = 2027;

describe("a new lodge, from lodge init to a served site", () => {
  it("starts with lodge init, builds, serves its pages and takes an RSVP", async () => {
    const init = await lodge(
      root,
      "init",
      "data",
      "--name",
      "Oak Grove Lodge No. 77",
      "--charter-date",
      "1867-10-16",
      "--time-zone",
      "America/Chicago",
      "--secretary-email",
      "secretary@oakgrove77.example.org",
    );
    expect(init.stderr).toEqual([]);
    const meetings = await lodge(root, "add-meetings", "--year", String(YEAR));
    expect(meetings.stdout.at(-1)).toBe(`Added 20 stated meetings for ${YEAR}; skipped 0.`);
    const validate = await lodge(root, "validate");
    expect(validate.stdout.at(-1)).toBe(
      "data: 20 events, 0 social outings, 0 officers, 0 past masters in 1 list, 0 past bulletins, 0 albums, 0 recent events, 2 history entries, 4 pages; no errors, 5 warnings.",
    );
    // Nobody gave the address: no placeholder goes live, the build lists them and refuses.
    const refused = await lodge(root, "build");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toEqual([
      "data still holds what lodge init put in for you to replace: the address in data/lodge.yaml, the text of data/pages/about-us.md, the text of data/pages/brotherhood-night-history.md, data/bulletins/welcome.pdf and data/media/petition.pdf (listed above). Replace them before the site goes live, or build a draft to look at with --draft. Nothing was built.",
    ]);
    expect(refused.stdout).toContain(
      `data/lodge.yaml:19:3  address: still the starter's "1 Main Street, Springfield": give the lodge's meeting place (lodge init --address asks for it)`,
    );
    expect(existsSync(join(root, "dist"))).toBe(false);
    const build = await lodgeBuild(root, "--draft");
    expect(build.stderr).toEqual([]);
    // 19 pages (a reservation's own, the waiting list's claim page, a member's answer and the
    // Tyler's register among them), and the own pages of the 20 stated meetings add-meetings
    // wrote, their RSVP pages and their waiting-list pages without JavaScript (next year's: all
    // take reservations).
    expect(build.stdout.at(-1)).toMatch(/^Built the site in dist: 79 pages and \d+ media files/);

    const server = serveInProcess(root, ["--port", "0"]);
    try {
      const url = await Promise.race([server.started, server.exit.then(() => "")]);
      expect(server.stderr).toEqual([]);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = new Client(url);
      const page = await client.get("/upcoming-events");
      expect(page.status).toBe(200);
      expect(mainText(String(page.body))).toContain(`Stated Meeting`);
      const calendar = await client.get(`/calendar/${YEAR}-12-15-stated-meeting.ics`);
      expect(calendar.status).toBe(200);
      expect(String(calendar.body)).toContain("BEGIN:VEVENT");
      const counts = await client.get("/sheets/api/read");
      expect(counts).toMatchObject({ status: 200, body: { guestLimit: 70 } });

      // The last meeting of the year: its RSVP is open for months at the server's clock (NOW).
      const event = loadData(join(root, "data")).data?.events.at(-1);
      if (!event) throw new Error("no events in the new lodge");
      const rsvp = await client.post("/mj/api/rsvp", buildEventRsvpPayload(event, PLAIN_RSVP_FORM));
      expect(rsvp).toMatchObject({ status: 200, body: { message: ALERTS.rsvpSuccess.text } });
    } finally {
      server.stop();
      expect(await server.exit).toBe(0);
    }
    // The secretary sees it, kept in the database lodge serve made.
    const rsvps = await lodge(root, "rsvps", "--format", "csv");
    expect(rsvps.code).toBe(0);
    expect(rsvps.stdout.join("\n")).toContain("John,Smith");
  }, 120_000);
});
