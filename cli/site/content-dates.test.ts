import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentDays } from "./content-dates.ts";

const lodge = {
  timeZone: "America/New_York",
  pastMasters: [
    { slug: "main", route: "past-masters", heading: "", views: [], pageSize: 12, pageLinks: 10 },
  ],
} as unknown as Parameters<typeof contentDays>[1];

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A data folder of a few files, each last changed on its day (noon in New York). */
function folder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "lodge-dates-"));
  mkdirSync(join(dir, "pages"));
  mkdirSync(join(dir, "past-masters"));
  for (const [file, day] of Object.entries(files)) {
    writeFileSync(join(dir, file), `${file}\n`);
    const moment = new Date(`${day}T16:00:00Z`);
    utimesSync(join(dir, file), moment, moment);
  }
  return dir;
}

const TODAY = new Date("2026-11-21T17:00:00Z");

describe("each page's lastmod in the sitemap", () => {
  it("is the day the newest of the page's own content files changed, not the build's", () => {
    const days = contentDays(
      folder({
        "lodge.yaml": "2026-03-01",
        "events.yaml": "2026-10-02",
        "albums.yaml": "2025-06-30",
        "pages/about-us.md": "2024-01-15",
        "pages/home.md": "2026-11-01",
        "past-masters/main.csv": "2025-02-02",
      }),
      lodge,
      TODAY,
    );
    expect(days("/events/2026-12-12-installation-of-officers")).toBe("2026-10-02");
    expect(days("/upcoming-events")).toBe("2026-10-02");
    expect(days("/home")).toBe("2026-11-01");
    expect(days("/about-us")).toBe("2024-01-15");
    expect(days("/image-gallery/2025-06-01-picnic")).toBe("2025-06-30");
    expect(days("/past-masters")).toBe("2025-02-02");
    expect(days("/contact-us")).toBe("2026-03-01");
  });

  it("takes a committed file's day from git, the same in every clone, and never a day after the build's", () => {
    const data = folder({ "events.yaml": "2026-11-20", "lodge.yaml": "2026-11-20" });
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.org",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.org",
      GIT_AUTHOR_DATE: "2025-05-05T12:00:00Z",
      GIT_COMMITTER_DATE: "2025-05-05T12:00:00Z",
    };
    const git = (...args: string[]) => execFileSync("git", ["-C", data, ...args], { env });
    git("init", "-q");
    git("add", "events.yaml");
    git("commit", "-qm", "events");
    expect(contentDays(data, lodge, TODAY)("/events/x")).toBe("2025-05-05");
    // Changed since its commit: its own time again.
    writeFileSync(join(data, "events.yaml"), "changed\n");
    utimesSync(
      join(data, "events.yaml"),
      new Date("2026-11-19T16:00:00Z"),
      new Date("2026-11-19T16:00:00Z"),
    );
    expect(contentDays(data, lodge, TODAY)("/events/x")).toBe("2026-11-19");
    utimesSync(
      join(data, "lodge.yaml"),
      new Date("2027-01-01T16:00:00Z"),
      new Date("2027-01-01T16:00:00Z"),
    );
    expect(contentDays(data, lodge, TODAY)("/contact-us")).toBe("2026-11-21");
  });
});
