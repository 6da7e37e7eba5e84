import { existsSync, readdirSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { anotherLodges, identityOf, lodgePlaces, sameLodge } from "../../core/places.ts";
import { isSitePath, MEDIA_FOLDERS, processedPlace } from "../../core/rules/media.ts";
import type { Lodge } from "../../core/schemas/index.ts";
import { shownPath, UsageError } from "../context.ts";
import { type Output, UserError } from "../errors.ts";
import { readManifest } from "../images/cache.ts";
import { imageSources, madeFromBytes } from "../images/process-images.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { plural } from "../load/summary.ts";
import { type MediaFile, mediaFiles } from "../site/media-files.ts";
import { siteMark } from "../site/site-mark.ts";
import { byPath, type LocalFile, localFile, localFiles } from "./local-files.ts";
import {
  bucketStore,
  folderStore,
  type RemoteObject,
  type Store,
  StoreError,
  storageClients,
} from "./stores.ts";
import {
  bucketOfAddress,
  describeTarget as describe,
  overlaps as overlapping,
  type PublishFile,
  parseTarget,
  type Target,
  type TargetKey,
} from "./targets.ts";

export interface PublishOptions {
  cwd: string;
  dataDir: string;
  distDir: string;
  /** --target: the site's target, instead of lodge.yaml's `publish.site`. */
  target?: string;
  /** The web sizes of the pictures `lodge build` made (var/images), for media served from buckets. */
  imagesDir: string;
  /** --endpoint: the Cloud Storage API's address (an emulator, or tests). */
  endpoint?: string;
  dryRun: boolean;
  prune: boolean;
}

/** One folder published to one target, and what that takes. */
export interface Job {
  key: TargetKey;
  from: string;
  store: Store;
  files: LocalFile[];
  upload: { file: LocalFile; reason: "new" | "changed" }[];
  unchanged: number;
  /** Objects under the target that the build no longer has. */
  stale: string[];
}

/** The media kinds lodge.yaml may serve from a bucket of their own, each published there. */
const MEDIA_KINDS = ["images", "albums", "thumbnails", "bulletins", "socialEvents"] as const;

/** Where each part goes: the site, then every media kind lodge.yaml serves from a bucket. */
function targetsOf(
  options: PublishOptions,
  lodge: Lodge | undefined,
  problems: string[],
  out: Output,
): { key: TargetKey; target: Target; from: string; files: LocalFile[] }[] {
  const file: PublishFile = lodge?.publish ?? {};
  const lodgeYaml = shownPath(options.cwd, join(options.dataDir, "lodge.yaml"));
  const siteText = options.target ?? file.site;
  if (siteText === undefined) {
    throw new UsageError(
      `Say where to publish: --target gs://BUCKET (or file://DIR), or "site: gs://BUCKET" under publish: in ${lodgeYaml}.`,
    );
  }
  const parse = (text: string) => parseTarget(text, options.cwd) as Target;
  const shown = (path: string) => shownPath(options.cwd, path);
  const site = parse(siteText);
  const parts = [
    {
      key: "site" as TargetKey,
      target: site,
      from: shown(options.distDir),
      files: existsSync(join(options.distDir, "index.html"))
        ? localFiles(options.distDir, site.kind === "bucket")
        : [],
    },
  ];
  if (!lodge) return parts;

  const offSite = MEDIA_KINDS.filter((kind) => !isSitePath(lodge.media[kind]));
  for (const kind of MEDIA_KINDS) {
    if (!offSite.includes(kind) && file[kind]) {
      out.err(
        `${lodgeYaml}: publish.${kind} is ignored: media serves ${kind} from the site (${lodge.media[kind]}), so they are published with it.`,
      );
    }
  }
  if (offSite.length === 0) return parts;

  const targets = offSite.flatMap((kind) => {
    const base = lodge.media[kind];
    const text = file[kind] ?? bucketOfAddress(base);
    if (text) return [{ kind, target: parse(text) }];
    problems.push(
      `media serves ${kind} from ${base}, outside the site, but publish: names no bucket for them; add "${kind}: gs://BUCKET" under publish: in ${lodgeYaml}`,
    );
    return [];
  });

  // The web sizes of the pictures served from a bucket must be there to upload: every picture of
  // those kinds made by the last build, and none of its files gone since.
  const images = {
    dir: options.imagesDir,
    manifest: readManifest(options.imagesDir, options.dataDir),
  };
  const media = mediaFiles(options.dataDir, images, lodge.media);
  const inBucket = (kind: string) => offSite.some((off) => off === kind);
  const unprocessed = imageSources(options.dataDir).filter(
    (src) =>
      (inBucket(processedPlace(lodge.media, src).kind) ||
        (src.startsWith(`${MEDIA_FOLDERS.albums}/`) && inBucket("thumbnails"))) &&
      !madeFromBytes(options.dataDir, src, images.manifest[src]),
  );
  const gone = media.filter((m) => inBucket(m.kind) && !existsSync(m.file));
  if (unprocessed.length > 0 || gone.length > 0) {
    const example = unprocessed[0] ?? shown(gone[0]?.file ?? "");
    problems.push(
      `the web sizes of pictures served from buckets are missing from ${shown(options.imagesDir)} (${plural(unprocessed.length, "picture")} new or changed since, ${plural(gone.length, "file")} gone; e.g. ${example}); run lodge build first, or give the pictures' folder lodge build used with --images DIR`,
    );
    return parts;
  }

  const folderOf = (m: Pick<MediaFile, "kind" | "file">) =>
    m.file.startsWith(options.imagesDir + sep) || m.kind === "thumbnails"
      ? options.imagesDir
      : join(options.dataDir, MEDIA_FOLDERS[m.kind]);
  for (const { kind, target } of targets) {
    const files = media.filter((m) => m.kind === kind);
    const folders = files.length > 0 ? files : [{ kind, file: "" }];
    parts.push({
      key: kind,
      target,
      from: [...new Set(folders.map((m) => shown(folderOf(m))))].sort().join(" and "),
      files: byPath(files.map((m) => localFile(m.path, m.file, target.kind === "bucket"))),
    });
  }
  return parts;
}

/** The file of `dir` (its pictures included) changed last, and when. */
function lastChanged(dir: string): { path: string; at: number } | undefined {
  let last: { path: string; at: number } | undefined;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const path = join(entry.parentPath, entry.name);
    const at = statSync(path).mtimeMs;
    if (!last || at > last.at) last = { path, at };
  }
  return last;
}

/** Every failure that would stop a publish: local files, configuration, then each target. */
export async function prepare(options: PublishOptions, out: Output): Promise<Job[]> {
  const problems: string[] = [];
  const dist = shownPath(options.cwd, options.distDir);
  if (!existsSync(options.distDir)) {
    problems.push(
      `${dist} does not exist; run lodge build first, or give the built site with --dist DIR`,
    );
  } else if (!existsSync(join(options.distDir, "index.html"))) {
    problems.push(
      `${dist} holds no index.html, so it is not a built site; run lodge build, or give the built site with --dist DIR`,
    );
  } else if (existsSync(options.dataDir)) {
    const built = statSync(join(options.distDir, "index.html")).mtimeMs;
    const changed = lastChanged(options.dataDir);
    if (changed && changed.at > built) {
      problems.push(
        `${dist} is older than ${shownPath(options.cwd, changed.path)}: the data or the pictures changed since the last build; run lodge build first, so the site published is the one the data describes`,
      );
    }
  }
  const { data, problems: dataProblems } = loadData(options.dataDir, options.cwd);
  if (!data) {
    const errors = sortProblems(dataProblems).filter((p) => p.severity === "error");
    problems.push(...errors.map(formatProblem));
  }
  const built = siteMark(options.distDir);
  if (built && data && !sameLodge(built, identityOf(data.lodge))) {
    const own = shownPath(options.cwd, lodgePlaces(options.dataDir, options.cwd).dist);
    problems.push(anotherLodges(dist, built, identityOf(data.lodge), "--dist", own));
  } else if (built?.draft) {
    problems.push(
      `${dist} was built with --draft and may still show the starter's placeholders (lodge validate lists them); replace them, then run lodge build without --draft`,
    );
  }
  const parts = targetsOf(options, data?.lodge, problems, out);

  for (const [i, a] of parts.entries()) {
    for (const b of parts.slice(i + 1)) {
      if (overlapping(a.target, b.target)) {
        problems.push(
          `the targets of ${a.key} and ${b.key} overlap (${describe(a.target)} and ${describe(b.target)}); give each its own bucket or folder, neither inside the other`,
        );
      }
    }
    if (a.target.kind === "folder") {
      for (const folder of [options.distDir, options.dataDir]) {
        if (overlapping(a.target, { kind: "folder", dir: folder })) {
          problems.push(
            `the target ${describe(a.target)} overlaps ${shownPath(options.cwd, folder)}; publish to a folder outside it`,
          );
        }
      }
    }
  }

  const storage = parts.some((part) => part.target.kind === "bucket")
    ? storageClients({ endpoint: options.endpoint })
    : undefined;
  // Each target is checked at once; its problems are listed in the order of the targets.
  const checked = await Promise.all(
    parts.map(async (part): Promise<{ job?: Job; problems: string[] }> => {
      const store =
        part.target.kind === "bucket" && storage
          ? bucketStore(storage, part.target, { endpoint: options.endpoint })
          : folderStore(part.target as Extract<Target, { kind: "folder" }>);
      try {
        const job = plan(part.key, part.from, store, part.files, await store.list());
        const removes = options.prune && job.stale.length > 0;
        const denied = job.upload.length > 0 || removes ? await store.checkWrite(removes) : [];
        return { job, problems: denied.map((line) => `${store.where}: ${line}`) };
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        return { problems: [`${store.where}: ${error.message}`] };
      }
    }),
  );
  problems.push(...checked.flatMap((result) => result.problems));
  if (problems.length > 0) throw new UserError([...problems, "Nothing was uploaded."].join("\n"));
  return checked.flatMap((result) => (result.job ? [result.job] : []));
}

/** What differs between the local files and the target's listing. */
function plan(
  key: TargetKey,
  from: string,
  store: Store,
  files: LocalFile[],
  remote: Map<string, RemoteObject>,
): Job {
  const upload: Job["upload"] = [];
  let unchanged = 0;
  for (const file of files) {
    const object = remote.get(file.path);
    if (!object) upload.push({ file, reason: "new" });
    else if (object.md5 !== file.md5) upload.push({ file, reason: "changed" });
    else unchanged++;
  }
  const local = new Set(files.map((file) => file.path));
  const stale = [...remote.keys()].filter((path) => !local.has(path)).sort();
  return { key, from, store, files, upload, unchanged, stale };
}
