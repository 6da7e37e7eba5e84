import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { MEDIA_FOLDERS, mediaBase, siteMediaCopies } from "../../core/rules/media.ts";
import type { Lodge } from "../../core/schemas/index.ts";
import { shownPath, UsageError } from "../context.ts";
import { type Output, UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { type LocalFile, localFiles, MEDIA_CACHE, siteCacheControl } from "./local-files.ts";
import {
  bucketStore,
  folderStore,
  type RemoteObject,
  type Store,
  StoreError,
  storageClients,
} from "./stores.ts";
import {
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

/** The media kinds lodge.yaml may serve from outside the site, and their data folders. */
const MEDIA_KINDS = ["images", "albums", "bulletins", "socialEvents"] as const;

/** Where each part goes: the site, then every media kind lodge.yaml serves from a bucket. */
function targetsOf(
  options: PublishOptions,
  lodge: Lodge | undefined,
  file: PublishFile,
  problems: string[],
  out: Output,
): { key: TargetKey; target: Target; from: string; files: LocalFile[] }[] {
  const siteText = options.target ?? file.site;
  if (siteText === undefined) {
    throw new UsageError(
      `Say where to publish: --target gs://BUCKET (or file://DIR), or "site: gs://BUCKET" under publish: in ${shownPath(options.cwd, join(options.dataDir, "lodge.yaml"))}.`,
    );
  }
  const parse = (text: string) => parseTarget(text, options.cwd) as Target;
  const shown = (path: string) => shownPath(options.cwd, path);
  const bases = lodge?.media;
  const mediaPaths = bases ? siteMediaCopies(bases).map((copy) => copy.path.slice(1)) : [];
  const parts = [
    {
      key: "site" as TargetKey,
      target: parse(siteText),
      from: shown(options.distDir),
      files: existsSync(join(options.distDir, "index.html"))
        ? localFiles(options.distDir, (path) => siteCacheControl(path, mediaPaths))
        : [],
    },
  ];
  if (!bases) return parts;
  for (const kind of MEDIA_KINDS) {
    const base = mediaBase(bases, kind);
    const onSite = base.startsWith("/") && !base.startsWith("//");
    const text = file[kind];
    if (onSite) {
      if (text) {
        out.err(
          `lodge.yaml: publish.${kind} is ignored: media serves ${kind} from the site (${base}), so they are published with it.`,
        );
      }
      continue;
    }
    if (!text) {
      problems.push(
        `lodge.yaml serves ${kind} from ${base}, outside the site, but names no bucket for them under publish:; add "${kind}: gs://BUCKET" there in ${shown(join(options.dataDir, "lodge.yaml"))}`,
      );
      continue;
    }
    const folder = join(options.dataDir, MEDIA_FOLDERS[kind]);
    // Social-event pictures sit inside images/ but have their own base.
    const skip =
      kind === "images"
        ? [relative(MEDIA_FOLDERS.images, MEDIA_FOLDERS.socialEvents).split(sep).join("/")]
        : [];
    parts.push({
      key: kind,
      target: parse(text),
      from: shown(folder),
      files: localFiles(folder, () => MEDIA_CACHE, skip),
    });
  }
  return parts;
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
  }
  const { data, problems: dataProblems } = loadData(options.dataDir, options.cwd);
  if (!data) {
    const errors = sortProblems(dataProblems).filter((p) => p.severity === "error");
    problems.push(...errors.map(formatProblem));
  }
  const file: PublishFile = data?.lodge.publish ?? {};
  const parts = targetsOf(options, data?.lodge, file, problems, out);

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
