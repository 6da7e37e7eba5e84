let serving = false;

/**
 * From now on, a full disk under stdout or stderr (ENOSPC, or EFBIG past a file size limit) does
 * not end the process: `lodge serve` keeps serving without its log rather than stop serving.
 * Any other command fails there, so that an export to a full disk is never taken for done.
 */
export function keepServingOnFullDisk(): void {
  serving = true;
}

/** True for an error of stdout or stderr the command can live with. */
export function harmless(error: NodeJS.ErrnoException): boolean {
  // A pipe closed by its reader (`lodge rsvps | head`): the rest of the output is not wanted.
  if (error.code === "EPIPE") return true;
  return serving && (error.code === "ENOSPC" || error.code === "EFBIG");
}
