import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import type { Context } from "../../../cli/context.ts";
import { runCli } from "../../../cli/program.ts";
import { NOW } from "../api-harness.ts";
import { SAMPLE_IMAGES } from "../cli-harness.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The sample lodge's site, built by `lodge build` for this test run, and the folder of its
     * pictures' web sizes (the project's var/images, made once and reused by every later run).
     */
    site: {
      dir: string;
      imagesDir: string;
      stdout: string[];
      stderr: string[];
      code: number;
      seconds: number;
    };
  }
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

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
  const imagesDir = SAMPLE_IMAGES;
  const started = performance.now();
  // The pages are built for the tests' moment, not the machine's, so what they show (events
  // still to come, calendar files) is the same on any day the tests run.
  const epoch = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(NOW.getTime() / 1000);
  let code: number;
  try {
    code = await runCli(
      ["build", "--data", "data", "--out", join(scratch, "dist"), "--images", imagesDir],
      ctx,
    );
  } finally {
    if (epoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = epoch;
  }
  const seconds = (performance.now() - started) / 1000;
  project.provide("site", {
    dir: join(scratch, "dist"),
    imagesDir,
    stdout,
    stderr,
    code,
    seconds,
  });
  return () => rmSync(scratch, { recursive: true, force: true });
}
