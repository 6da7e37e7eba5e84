#!/usr/bin/env node
import { processContext } from "./context.ts";
import { runCli } from "./program.ts";

const ctx = processContext();
process.exitCode = await runCli(process.argv.slice(2), ctx);
ctx.close?.();
