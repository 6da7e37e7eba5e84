import type { Context } from "../context.ts";
import { plural } from "../load/summary.ts";
import type { Removed } from "./cache.ts";
import type { ImagesResult } from "./process-images.ts";

/** A text progress bar: [#########-----------] 45/100 pictures. */
function bar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} pictures`;
}

/**
 * Shows the pictures being made: a bar rewritten in place on a terminal, otherwise a plain line
 * at each quarter. Call `done()` once they are made, to clear the bar.
 */
export function imagesProgress(ctx: Context): {
  onProgress(done: number, total: number): void;
  done(): void;
} {
  let reported = 0;
  return {
    onProgress(done, total) {
      if (ctx.status) ctx.status(bar(done, total));
      else if (total > 0 && done < total && Math.floor((done / total) * 4) > reported) {
        reported = Math.floor((done / total) * 4);
        ctx.out(`${done}/${total} pictures`);
      }
    },
    done: () => ctx.status?.(""),
  };
}

/** One line on what a run of the pictures did, e.g. for `lodge images` and `lodge build`. */
export function imagesSummary(result: ImagesResult, where: string, seconds: number): string {
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  return `Pictures in ${where}: ${result.made.length} made (${mb} MB), ${result.unchanged} unchanged, ${result.removed} old files removed (${seconds.toFixed(1)} s).`;
}

/** What `lodge images --prune` removed: a line per picture version, and the lodges forgotten. */
export function pruneReport(removed: Removed, where: string): string[] {
  const lines: string[] = [];
  if (removed.files.length === 0) {
    lines.push(
      `Nothing to remove: every picture in ${where} is used by ${plural(removed.kept, "lodge")}.`,
    );
  } else {
    const pictures = new Map<string, number>();
    for (const file of removed.files) {
      const picture = file.replace(/^thumbnails\//, "").replace(/-\d+\.(webp|jpg|png)$/, "");
      pictures.set(picture, (pictures.get(picture) ?? 0) + 1);
    }
    const mb = (removed.bytes / 1024 / 1024).toFixed(1);
    lines.push(
      `Removed ${plural(removed.files.length, "file")} (${mb} MB) from ${where} that no lodge uses:`,
      ...[...pictures].map(([picture, n]) => {
        const [, name, hash] = /^(.*)-([0-9a-f]{8})$/.exec(picture) ?? [];
        return `  ${name ?? picture} (${hash ?? "?"}): ${plural(n, "file")}`;
      }),
    );
  }
  for (const dataDir of removed.lodges) {
    lines.push(`Forgot the lodge in ${dataDir}: that folder is gone.`);
  }
  return lines;
}
