import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import type { Context } from "../../cli/context.ts";
import { runCli } from "../../cli/program.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The sample lodge's site, built by `lodge build` for this test run. */
    site: { dir: string; stdout: string[]; stderr: string[]; code: number; seconds: number };
  }
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Builds the sample lodge once per test run, into a scratch folder removed afterwards. */
export default async function buildOnce(project: TestProject) {
  const scratch = mkdtempSync(join(tmpdir(), "lodge-site-test-"));
  const stdout: string[] = [];
  const stderr: string[] = [];
  const ctx: Context = {
    cwd: ROOT,
    generatedDir: join(scratch, "generated"),
    exitCode: 0,
    out: (line) => stdout.push(...line.split("\n")),
    err: (line) => stderr.push(...line.split("\n")),
  };
  const started = performance.now();
  const code = await runCli(["build", "--data", "data", "--out", join(scratch, "dist")], ctx);
  const seconds = (performance.now() - started) / 1000;
  project.provide("site", { dir: join(scratch, "dist"), stdout, stderr, code, seconds });
  return () => rmSync(scratch, { recursive: true, force: true });
}
