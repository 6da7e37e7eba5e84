import type { Context } from "../context.ts";
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
