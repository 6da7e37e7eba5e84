import { existsSync, statSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { MEDIA_FOLDERS } from "../../core/rules/media.ts";
import type { LegacyKind } from "./legacy-fields.ts";

/** The fields that name a file, and the data folder the file belongs in. */
const FILE_FIELDS: Partial<Record<LegacyKind, Record<string, string>>> = {
  events: { spotlightImage: MEDIA_FOLDERS.eventImages },
  socialEvents: { eventImageUrl: MEDIA_FOLDERS.socialEvents },
  officers: { image: MEDIA_FOLDERS.officers, jewel: MEDIA_FOLDERS.jewels },
  pastMasters: { imgUrl: MEDIA_FOLDERS.pastMasters },
  history: { imageSrc: MEDIA_FOLDERS.history },
  bulletins: { filename: MEDIA_FOLDERS.bulletins },
};

/**
 * The path inside the old app of a file named the way its pages named their assets
 * ('../../../assets/images/past_masters/x.jpg', './assets/...', '/assets/...', 'src/assets/...'):
 * 'assets/images/past_masters/x.jpg'. Undefined for a plain file name or a full address.
 */
export function assetPath(value: string): string | undefined {
  if (/^[a-z]+:\/\//i.test(value) || value.startsWith("//")) return undefined;
  const path = posix.normalize(value.trim().replaceAll("\\", "/")).replace(/^(\.\.?\/)+|^\//, "");
  const at = path.search(/(^|\/)assets\//);
  if (at < 0) return undefined;
  return path.slice(at === 0 ? 0 : at + 1);
}

/**
 * Where the old app's file is on this machine: the asset path looked up from the imported folder
 * and the folders above it (the JSON files usually sit in src/assets/data, the pictures in
 * src/assets/images), also under a src/ folder there.
 */
export function findAsset(importDir: string, path: string): string | undefined {
  let dir = importDir;
  for (let depth = 0; depth < 5; depth++) {
    for (const candidate of [join(dir, path), join(dir, "src", path)]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

/** A picture or PDF the import brings into the data folder: where it goes, and where it is, if found. */
export type AssetCopy = { to: string; from?: string; named: string };

/**
 * The entry with every asset path of the old app replaced by its file name, as lodge names files
 * (in the data folder of its kind), and the copies that makes: each file, found next to the
 * import or not. A recent event's pictures go in its album's folder.
 */
export function localiseAssets(
  kind: LegacyKind,
  entry: Record<string, unknown>,
  importDir: string,
): { entry: Record<string, unknown>; copies: AssetCopy[] } {
  const copies: AssetCopy[] = [];
  const out = { ...entry };
  const localise = (value: unknown, folder: string): unknown => {
    if (typeof value !== "string") return value;
    const path = assetPath(value);
    if (!path) return value;
    const name = basename(path);
    copies.push({ to: join(folder, name), from: findAsset(importDir, path), named: value });
    return name;
  };
  for (const [field, folder] of Object.entries(FILE_FIELDS[kind] ?? {})) {
    if (field in out) out[field] = localise(out[field], folder);
  }
  if (
    kind === "recentEvents" &&
    Array.isArray(out.imageUrls) &&
    typeof out.albumName === "string"
  ) {
    const folder = join(MEDIA_FOLDERS.albums, out.albumName);
    out.imageUrls = out.imageUrls.map((value) => localise(value, folder));
  }
  return { entry: out, copies };
}
