import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { entryMedia } from "../../core/rules/media-references.ts";
import { entityOf } from "../../core/schemas/index.ts";
import type { LegacyKind } from "./legacy-fields.ts";

/**
 * The path inside the old app of a file named the way its pages named their assets
 * ('../../../assets/images/past_masters/x.jpg', './assets/...', '/assets/...', 'src/assets/...'):
 * 'assets/images/past_masters/x.jpg'. Undefined for a plain file name or a full address.
 */
export function assetPath(value: string): string | undefined {
  if (isAddress(value)) return undefined;
  const path = normalised(value);
  const at = path.search(/(^|\/)assets\//);
  if (at < 0) return undefined;
  return path.slice(at === 0 ? 0 : at + 1);
}

const isAddress = (value: string) => /^[a-z]+:\/\//i.test(value) || value.startsWith("//");

/** A name as a relative path with forward slashes: 'a\b.jpg', './a/b.jpg', '/a/b.jpg' -> 'a/b.jpg'. */
const normalised = (value: string) =>
  posix.normalize(value.trim().replaceAll("\\", "/")).replace(/^(\.\.?\/)+|^\//, "");

/** Where the old app keeps its pictures, inside its src/ folder. */
const IMAGES = "assets/images";

/**
 * The old app's images folder, found from the folder of JSON files: assets/images in it or in a
 * folder above it, also under a src/ folder there (the app keeps its JSON in src/data/ or
 * src/assets/data/, its pictures in src/assets/images/).
 */
export function findImagesFolder(importDir: string): string | undefined {
  let dir = importDir;
  for (let depth = 0; depth < 5; depth++) {
    for (const candidate of [join(dir, IMAGES), join(dir, "src", IMAGES)]) {
      if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

/** Every file under `root`, as a path relative to it with forward slashes. */
function filesUnder(root: string, under = ""): string[] {
  return readdirSync(join(root, under), { withFileTypes: true }).flatMap((entry) => {
    const path = under === "" ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(root, path);
    return entry.isFile() ? [path] : [];
  });
}

/** What the import found for a picture the data names. */
export type Found =
  | { found: string }
  /** Two files or more of that name in the images tree, and no other way to tell. */
  | { candidates: string[] }
  | { missing: true };

/**
 * The old app's images tree, to find the pictures its data names the way its pages found them.
 * `root` is its images folder (src/assets/images, or the one --images gives), if any.
 */
export class ImagesTree {
  readonly root: string | undefined;
  readonly #files: Set<string>;
  readonly #byName = new Map<string, string[]>();
  readonly #byLowerName = new Map<string, string[]>();

  constructor(root: string | undefined) {
    this.root = root;
    this.#files = new Set(root ? filesUnder(root) : []);
    for (const file of this.#files) {
      const name = posix.basename(file);
      this.#byName.set(name, [...(this.#byName.get(name) ?? []), file]);
      const lower = name.toLowerCase();
      this.#byLowerName.set(lower, [...(this.#byLowerName.get(lower) ?? []), file]);
    }
  }

  /**
   * A picture `named` as the data names it, of a field whose page showed it from `under` in the
   * images folder: as written (an asset path, from src/), relative to the images folder, under
   * that folder, and failing those by a file name that occurs once in the tree (exactly, else in
   * any case: an app made on a Mac or Windows finds 'Hats.JPG' as hats.jpg). The path found is
   * absolute.
   */
  find(named: string, under: string): Found {
    const root = this.root;
    if (!root || isAddress(named)) return { missing: true };
    const asset = assetPath(named);
    const path = normalised(named);
    const tries = [
      ...(asset?.startsWith(`${IMAGES}/`) ? [asset.slice(IMAGES.length + 1)] : []),
      path,
      ...(under ? [`${under}/${path}`] : []),
    ];
    const direct = tries.find((file) => this.#files.has(file));
    if (direct) return { found: join(root, direct) };
    // Another of the app's assets (assets/pdf/...), from the src/ folder that holds assets/.
    if (asset && !asset.startsWith(`${IMAGES}/`) && root.endsWith(join("assets", "images"))) {
      const file = join(dirname(dirname(root)), asset);
      if (existsSync(file) && statSync(file).isFile()) return { found: file };
    }
    const name = posix.basename(path);
    for (const candidates of [this.#byName.get(name), this.#byLowerName.get(name.toLowerCase())]) {
      if (candidates?.length === 1) return { found: join(root, candidates[0] ?? "") };
      if (candidates && candidates.length > 1) {
        return { candidates: candidates.map((file) => join(root, file)) };
      }
    }
    return { missing: true };
  }
}

/** A picture or PDF the import brings into the data folder: where it goes, and where it is, if found. */
export type AssetCopy = {
  /** Its path in the data folder. */
  to: string;
  from?: string;
  /** The files it could be, when its name is in the tree more than once. */
  candidates?: string[];
  /** The name as the old data has it. */
  named: string;
  /** What the pictures of its field are called, for the report ("officers' jewels"). */
  noun: readonly [string, string];
  /** The folder of the old app it was looked for in, when it was looked for. */
  searched?: string;
  /** The folder under the images folder its page added, if any ('officer-jewels'). */
  under?: string;
};

/**
 * Files already given a name in a folder of the data, by their path there: two pictures of one
 * name in two folders of the old app (current-officers/smith.jpg, past_masters/smith.jpg) must
 * not become one.
 */
export type Claims = Map<string, string>;

/**
 * The name the data folder gives a file of the old app: its own, or, when another file has that
 * name in the same data folder, with its old folder in front ('past_masters-smith.jpg').
 */
function claimName(claims: Claims, folder: string, from: string): string {
  const name = basename(from);
  const taken = claims.get(join(folder, name));
  if (taken === undefined || taken === from) {
    claims.set(join(folder, name), from);
    return name;
  }
  const prefixed = `${basename(dirname(from))}-${name}`;
  claims.set(join(folder, prefixed), from);
  return prefixed;
}

/**
 * The entry with every picture of the old app it names replaced by its file name, as lodge names
 * files (in the data folder of its kind: the entity table's media fields), and the copies that
 * makes. A picture is looked for in the old app's images tree when its field's page showed it from
 * there (the entity table's legacy pictures), or when it is named as an asset path. One that is
 * not found keeps its file name, for lodge validate to point at.
 */
export function localiseAssets(
  kind: LegacyKind,
  entry: Record<string, unknown>,
  tree: ImagesTree,
  claims: Claims,
): { entry: Record<string, unknown>; copies: AssetCopy[] } {
  const copies: AssetCopy[] = [];
  const out = structuredClone(entry);
  const pictures = entityOf(kind).legacy?.pictures ?? {};
  for (const { path, folder, file } of entryMedia(kind, entry)) {
    // A full address (a portrait kept elsewhere) stays as it is.
    if (isAddress(file)) continue;
    const picture = pictures[String(path[0])];
    const asset = assetPath(file);
    if (!picture && !asset) continue;
    const noun = picture?.noun ?? (["file", "files"] as const);
    const lookup = tree.find(file, picture?.under ?? "");
    const searched = tree.root;
    let name = posix.basename(normalised(file));
    const copy: AssetCopy = {
      to: "",
      named: file,
      noun,
      ...(searched ? { searched } : {}),
      ...(picture?.under ? { under: picture.under } : {}),
    };
    if ("found" in lookup) {
      name = claimName(claims, folder, lookup.found);
      copy.from = lookup.found;
    } else if ("candidates" in lookup) {
      copy.candidates = lookup.candidates;
    }
    copy.to = join(folder, name);
    copies.push(copy);
    const at = path
      .slice(0, -1)
      .reduce<Record<PropertyKey, unknown>>(
        (node, key) => node[key] as Record<PropertyKey, unknown>,
        out,
      );
    at[path.at(-1) ?? ""] = name;
  }
  return { entry: out, copies };
}
