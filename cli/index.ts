#!/usr/bin/env node
import { processContext } from "./context.ts";
import { runCli } from "./program.ts";

// Output piped into a command that stops reading (`lodge rsvps | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const ctx = processContext();
process.exitCode = await runCli(process.argv.slice(2), ctx);
ctx.close?.();
