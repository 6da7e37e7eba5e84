import { createHash } from "node:crypto";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import type { Lodge } from "./schemas/index.ts";

/**
 * Where a lodge keeps what is not its data: the site it builds, and the state `lodge serve`
 * keeps (its database, the mail it writes, its signing secret) and `lodge dev`'s. Two lodges on
 * one machine never share them by default: the data folder `data` of the working directory (the
 * sample's, or any lodge kept as this repository keeps it) builds into `dist/` and keeps its state
 * in `var/`, as it always has; any other data folder gets a folder of its own,
 * `var/lodges/<its name>/`, which is git-ignored like the rest of var/ (personal data never
 * goes in a data folder, which is what a lodge keeps in git).
 */
export interface LodgePlaces {
  /** The built site (`lodge build --out`, `lodge serve --dist`, `lodge publish --dist`). */
  dist: string;
  /** The SQLite database of `lodge serve` and the secretary's commands (--db). */
  db: string;
  /** Where mail is written without an SMTP server (--outbox). */
  outbox: string;
  /** `lodge dev`'s build, database and outbox. */
  dev: string;
  /** Where the build writes the data modules; undefined: the site's own folder, site/generated. */
  generated: string | undefined;
  /** The folder of the lodge's own places, for messages: 'var/lodges/my-lodge'. */
  home: string;
}

/** The rule of the default places, as the commands' help says it. */
export const OWN_PLACES = "dist/ and var/ for --data data, var/lodges/<data folder>/ for any other";

/** The data folder that keeps the places the project always had (dist/, var/). */
const FIRST_LODGE = "data";

/** A folder name of a path: lowercase letters, digits and hyphens. */
function slug(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "lodge"
  );
}

/**
 * The name of a data folder's own places: its path from the working directory ('my-lodge',
 * 'lodges-riverside'), or, for a folder outside it, its name and a short hash of its whole path,
 * so two folders of the same name elsewhere stay apart.
 */
function placeName(dataDir: string, cwd: string): string {
  const rel = relative(cwd, dataDir);
  if (rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)) return slug(rel);
  const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 8);
  return `${slug(basename(dataDir))}-${hash}`;
}

/** The default places of the lodge whose data folder is `dataDir`, as absolute paths. */
export function lodgePlaces(dataDir: string, cwd: string): LodgePlaces {
  const data = resolve(cwd, dataDir);
  if (data === resolve(cwd, FIRST_LODGE)) {
    const home = resolve(cwd, "var");
    return {
      dist: resolve(cwd, "dist"),
      db: join(home, "lodge.db"),
      outbox: join(home, "outbox"),
      dev: join(home, "dev"),
      generated: undefined,
      home,
    };
  }
  const home = resolve(cwd, "var", "lodges", placeName(data, cwd));
  return {
    dist: join(home, "site"),
    db: join(home, "lodge.db"),
    outbox: join(home, "outbox"),
    dev: join(home, "dev"),
    generated: join(home, "generated"),
    home,
  };
}

/**
 * Who a lodge is, as its database and its built site remember it. The number is what tells two
 * lodges apart: a lodge's name may be corrected or changed (a merger) and it stays the same
 * lodge; the name is kept to say whose a place is.
 */
export interface LodgeIdentity {
  number: number;
  name: string;
}

export function identityOf(lodge: Pick<Lodge, "number" | "name">): LodgeIdentity {
  return { number: lodge.number, name: lodge.name };
}

/** Whether a place remembered as `owner`'s belongs to `lodge`. */
export function sameLodge(owner: LodgeIdentity, lodge: LodgeIdentity): boolean {
  return owner.number === lodge.number;
}

/** 'Hillcrest Lodge No. 586', or the name and its number when the name does not say it. */
export function lodgeTitle(identity: LodgeIdentity): string {
  return new RegExp(`\\bNo\\.?\\s*${identity.number}\\b`).test(identity.name)
    ? identity.name
    : `${identity.name} (No. ${identity.number})`;
}

/** The file in a built site that names the lodge it was built for (dot files are never served or published). */
export const SITE_MARK = ".lodge-site.json";

export interface SiteMark extends LodgeIdentity {
  /** Built with `--draft`: it may still hold the starter's placeholders. */
  draft: boolean;
}

/**
 * The lodge a built site's mark says it was built for (the text of its SITE_MARK file), if it
 * says so: undefined for a mark that is not one.
 */
export function parseSiteMark(text: string): SiteMark | undefined {
  try {
    const mark = JSON.parse(text) as Partial<SiteMark>;
    if (typeof mark.number !== "number" || typeof mark.name !== "string") return undefined;
    return { number: mark.number, name: mark.name, draft: mark.draft === true };
  } catch {
    return undefined;
  }
}

/** The text of a built site's mark. */
export function siteMarkText(mark: SiteMark): string {
  return `${JSON.stringify(mark, null, 2)}\n`;
}

/**
 * The sentence that refuses another lodge's place: whose it is, and the flag that names this
 * lodge's own (and where that is by default).
 */
export function anotherLodges(
  what: string,
  owner: LodgeIdentity,
  lodge: LodgeIdentity,
  flag: string,
  own: string,
): string {
  return `${what} belongs to ${lodgeTitle(owner)}, not to ${lodgeTitle(lodge)}: two lodges never share one. Give ${lodgeTitle(lodge)}'s own with ${flag} (by default ${own}).`;
}
