import { existsSync, statSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { entryMedia } from "../../core/rules/media-references.ts";
import type { LegacyKind } from "./legacy-fields.ts";

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
 * (in the data folder of its kind: the entity table's media fields), and the copies that makes:
 * each file, found next to the import or not. A recent event's pictures go in its album's folder.
 */
export function localiseAssets(
  kind: LegacyKind,
  entry: Record<string, unknown>,
  importDir: string,
): { entry: Record<string, unknown>; copies: AssetCopy[] } {
  const copies: AssetCopy[] = [];
  const out = structuredClone(entry);
  for (const { path, folder, file } of entryMedia(kind, entry)) {
    const asset = assetPath(file);
    if (!asset) continue;
    const name = basename(asset);
    copies.push({ to: join(folder, name), from: findAsset(importDir, asset), named: file });
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
