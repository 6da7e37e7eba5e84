import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  BULLETIN_PAGE,
  CONTACT_PAGE,
  EVENTS_PAGE,
  GALLERY_PAGE,
  HOME_PAGE,
  HOW_TO_JOIN_PAGE,
  OUTINGS_PAGE,
  RECENT_EVENTS_PAGE,
  UPCOMING_EVENTS_PAGE,
} from "../../core/api/page-paths.ts";
import type { Lodge } from "../../core/schemas/lodge.ts";
import { ENTITIES } from "../../core/schemas/lodge-data.ts";

type Entity =
  | "lodge"
  | "events"
  | "socialEvents"
  | "officers"
  | "bulletins"
  | "albums"
  | "recentEvents"
  | "history";
/** An entity kept in a file of its own, or a file by its path without its extension. */
type Source = Entity | `pages/${string}` | `past-masters/${string}`;

/**
 * The content files a page is made of, by its address: an event's page of the events file, an
 * album's of albums.yaml, About Us of pages/about-us.md. The header and footer (lodge.yaml) are
 * every page's and count for none but Contact Us, which shows the lodge's address.
 */
export function pageSources(page: string, lodge: Pick<Lodge, "pastMasters">): Source[] {
  const first = page.slice(1).split("/")[0] ?? "";
  const list = lodge.pastMasters.find((l) => l.route === first);
  if (list) return [`past-masters/${list.slug}`];
  const sources: Record<string, Source[]> = {
    [HOME_PAGE]: ["pages/home", "events"],
    history: ["history"],
    [BULLETIN_PAGE]: ["bulletins"],
    "past-bulletins": ["bulletins"],
    [UPCOMING_EVENTS_PAGE]: ["pages/upcoming-events", "events"],
    [EVENTS_PAGE]: ["events"],
    [CONTACT_PAGE]: ["lodge"],
    "our-officers": ["officers"],
    "about-us": ["pages/about-us"],
    [HOW_TO_JOIN_PAGE]: ["pages/how-to-join"],
    "brotherhood-night-history": ["pages/brotherhood-night-history"],
    [GALLERY_PAGE]: ["albums"],
    [RECENT_EVENTS_PAGE]: ["recentEvents"],
    [OUTINGS_PAGE]: ["socialEvents"],
  };
  return sources[first] ?? ["lodge"];
}

/** The file of a source in the data folder, as it is kept there (events.yaml or events.json). */
function fileOf(dataDir: string, source: Source): string | undefined {
  const [base, formats]: [string, readonly string[]] = source.includes("/")
    ? [source, [".md", ".csv", ".yaml", ".yml", ".json"]]
    : [ENTITIES[source as Entity].base, ENTITIES[source as Entity].formats];
  return formats.map((ext) => `${base}${ext}`).find((file) => existsSync(join(dataDir, file)));
}

/** Runs git in the data folder; undefined when it is not in a repository or git is missing. */
function git(dataDir: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", ["-C", dataDir, ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

/**
 * The day each file of the data folder last changed, as 'YYYY-MM-DD': its last commit's when the
 * folder is in git and the file is as committed (the same in every clone), else its modification
 * time's in the lodge's zone. A day after `today` (a clock set back) is read as today.
 */
export function changedDays(
  dataDir: string,
  timeZone: string,
  today: Date,
): (file: string) => string {
  const dayOf = (moment: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(moment);
  const committed = new Map<string, string>();
  let day = "";
  const log = git(dataDir, ["log", "--format=%x00%cs", "--name-only", "--relative", "--", "."]);
  for (const line of (log ?? "").split("\n")) {
    if (line.startsWith("\0")) day = line.slice(1);
    else if (line && !committed.has(line)) committed.set(line, day);
  }
  const changed = new Set(
    (git(dataDir, ["diff", "--name-only", "--relative", "HEAD", "--", "."]) ?? "").split("\n"),
  );
  const last = dayOf(today);
  return (file) => {
    const found =
      committed.has(file) && !changed.has(file)
        ? committed.get(file)
        : dayOf(statSync(join(dataDir, file)).mtime);
    return found && found < last ? found : last;
  };
}

/**
 * Each page's lastmod for sitemap.xml: the day the newest of its content files last changed, not
 * the build's, so a search engine reads again only the pages whose content did.
 */
export function contentDays(
  dataDir: string,
  lodge: Pick<Lodge, "pastMasters" | "timeZone">,
  today: Date,
): (page: string) => string {
  const changed = changedDays(dataDir, lodge.timeZone, today);
  return (page) => {
    const days = pageSources(page, lodge)
      .map((source) => fileOf(dataDir, source))
      .flatMap((file) => (file ? [changed(file)] : []));
    return days.sort().at(-1) ?? changed(fileOf(dataDir, "lodge") ?? "lodge.yaml");
  };
}
