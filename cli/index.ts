#!/usr/bin/env node
import { processContext } from "./context.ts";
import { runCli } from "./program.ts";

process.exitCode = await runCli(process.argv.slice(2), processContext());
