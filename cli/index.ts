#!/usr/bin/env node
import { processContext } from "./context.ts";
import { runCli } from "./program.ts";
import { harmless } from "./stream-errors.ts";

// Output piped into a command that stops reading (`lodge rsvps | head`) is not an error: the
// rest of the output is dropped (a destroyed stream ignores writes) and the command ends as it
// would have, with its own exit code. Not with process.exit(): Node 24 can hang for good in it
// while V8 compiles in the background (nodejs/node#64274; seen here in CI). A full disk under the
// log of a running `lodge serve` is no reason to stop serving either (see stream-errors.ts).
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (!harmless(error)) throw error;
  });
}

const ctx = processContext();
process.exitCode = await runCli(process.argv.slice(2), ctx);
ctx.close?.();
