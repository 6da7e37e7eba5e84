import { type Output, UserError } from "../errors.ts";
import { isPage, type LocalFile } from "./local-files.ts";
import { type Job, type PublishOptions, prepare } from "./prepare.ts";

export type { PublishOptions };

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const sum = (files: readonly { file: LocalFile }[]) =>
  files.reduce((total, { file }) => total + file.size, 0);

/** Runs `work` on every item, `limit` at a time; returns the failures by item. */
async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<{ item: T; reason: string }[]> {
  const failures: { item: T; reason: string }[] = [];
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      try {
        await work(item);
      } catch (error) {
        failures.push({ item, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failures;
}

const CONCURRENT_UPLOADS = 8;

/** What each target is to get, a line each, and with a dry run each file. */
function planLines(jobs: Job[], options: PublishOptions): string[] {
  const lines: string[] = [];
  for (const job of jobs) {
    const parts = [
      `${count(job.upload.length, "file")} to upload (${formatBytes(sum(job.upload))})`,
      `${job.unchanged} unchanged`,
      ...(options.prune && job.stale.length > 0 ? [`${job.stale.length} to delete`] : []),
    ];
    lines.push(`${job.store.where} from ${job.from}: ${parts.join(", ")}.`);
    if (options.dryRun) {
      for (const { file, reason } of job.upload) {
        lines.push(`  upload  ${file.path}  (${reason}, ${formatBytes(file.size)})`);
      }
      for (const path of job.stale) {
        lines.push(options.prune ? `  delete  ${path}` : `  keep    ${path}  (not in the build)`);
      }
    }
  }
  return lines;
}

/** --json: the same facts as lines tell, as one JSON document at the end. */
function publishedJson(
  jobs: Job[],
  options: PublishOptions,
  done: { uploaded: number; deleted: number },
): string {
  const targets = jobs.map((job) => ({
    part: job.key,
    target: job.store.where,
    from: job.from,
    upload: job.upload.map(({ file, reason }) => ({
      path: file.path,
      reason,
      bytes: file.size,
      contentType: file.contentType,
      cacheControl: file.cacheControl,
      ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
    })),
    unchanged: job.unchanged,
    notInBuild: job.stale,
  }));
  return JSON.stringify(
    { dryRun: options.dryRun, prune: options.prune, targets, ...done },
    null,
    2,
  );
}

/**
 * Uploads the files, pages last: until they are replaced, visitors see the previous site, whole.
 * A failure stops before the pages (or before deleting), and says what to run again.
 */
async function uploadPagesLast(
  uploads: { job: Job; file: LocalFile }[],
  deletions: number,
): Promise<void> {
  const isSitePage = (item: { job: Job; file: LocalFile }) =>
    item.job.key === "site" && isPage(item.file.path);
  const first = uploads.filter((item) => !isSitePage(item));
  const pages = uploads.filter(isSitePage);
  let failed = await pool(first, CONCURRENT_UPLOADS, (item) => item.job.store.put(item.file));
  const pagesTried = failed.length === 0;
  if (pagesTried) {
    failed = await pool(pages, CONCURRENT_UPLOADS, (item) => item.job.store.put(item.file));
  }
  if (failed.length > 0) {
    const attempted = pagesTried ? uploads.length : first.length;
    const uploaded = attempted - failed.length;
    const lines = failed.map(
      ({ item, reason }) => `${item.job.store.where}: ${item.file.path} failed: ${reason}`,
    );
    lines.push(
      `Publishing stopped partway: ${uploaded} of ${count(uploads.length, "file")} uploaded, ${failed.length} failed (listed above), ${uploads.length - attempted} not attempted${deletions > 0 ? "; nothing was deleted" : ""}.`,
      pagesTried
        ? "Some pages may show their previous version until the rest are uploaded."
        : `The pages were not uploaded, so visitors still see the previous version of the site.`,
      "Run the same command again to finish: files already uploaded are skipped.",
    );
    throw new UserError(lines.join("\n"));
  }
}

/**
 * Publishes the built site, and the media lodge.yaml serves from buckets, to their targets:
 * checks everything first and touches nothing when anything fails; then uploads the files whose
 * content differs (media and hashed assets first, pages last, so no page ever links to a file
 * not yet there), and with `prune` deletes what the build no longer has.
 */
export async function publish(
  options: PublishOptions & { json?: boolean },
  out: Output,
): Promise<void> {
  const jobs = await prepare(options, out);
  // --json: the same facts as one JSON document at the end, instead of lines.
  const lines: Output = options.json ? { out: () => {}, err: out.err } : out;
  const report = (done: { uploaded: number; deleted: number }) => {
    if (options.json) out.out(publishedJson(jobs, options, done));
  };
  for (const line of planLines(jobs, options)) lines.out(line);
  const uploads = jobs.flatMap((job) => job.upload.map(({ file }) => ({ job, file })));
  const deletions = options.prune
    ? jobs.flatMap((job) => job.stale.map((path) => ({ job, path })))
    : [];
  const stale = jobs.reduce((total, job) => total + job.stale.length, 0);
  const unchanged = jobs.reduce((total, job) => total + job.unchanged, 0);
  const bytes = formatBytes(sum(uploads));
  const staleNote =
    !options.prune && stale > 0
      ? [
          `${count(stale, "file is", "files are")} no longer in the build; lodge publish --prune deletes ${stale === 1 ? "it" : "them"}.`,
        ]
      : [];

  if (options.dryRun) {
    lines.out(
      `Dry run: ${uploads.length} would be uploaded (${bytes}), ${unchanged} unchanged, ${deletions.length} would be deleted. Nothing was uploaded.`,
    );
    for (const line of staleNote) lines.out(line);
    report({ uploaded: 0, deleted: 0 });
    return;
  }

  await uploadPagesLast(uploads, deletions.length);

  const notDeleted = await pool(deletions, CONCURRENT_UPLOADS, (item) =>
    item.job.store.remove(item.path),
  );
  if (notDeleted.length > 0) {
    throw new UserError(
      [
        ...notDeleted.map(
          ({ item, reason }) => `${item.job.store.where}: ${item.path} not deleted: ${reason}`,
        ),
        `Every file was uploaded (${uploads.length}, ${bytes}), but ${notDeleted.length} of ${deletions.length} old files could not be deleted (listed above); they do no harm. Run the same command again to delete them.`,
      ].join("\n"),
    );
  }
  lines.out(
    `Published: ${uploads.length} uploaded (${bytes}), ${unchanged} unchanged, ${deletions.length} deleted.`,
  );
  for (const line of staleNote) lines.out(line);
  report({ uploaded: uploads.length, deleted: deletions.length });
}
