import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("./index.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../", import.meta.url));

let scratch = "";
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

// A child Node process that loads and checks the sample lodge: about 1 s, longer while the site
// tests run beside it. Before the fix in index.ts, Node sometimes hung in process.exit() here.
it("ends quietly when its output is piped into a command that stops reading (| head)", {
  timeout: 30_000,
}, async () => {
  // A built site of 3000 files: the dry run lists far more than a pipe holds.
  scratch = mkdtempSync(join(tmpdir(), "lodge-pipe-"));
  mkdirSync(join(scratch, "dist", "media"), { recursive: true });
  writeFileSync(join(scratch, "dist", "index.html"), "<h1>Hillcrest</h1>");
  for (let i = 0; i < 3000; i++) writeFileSync(join(scratch, "dist", "media", `${i}.txt`), "");
  const child = spawn(
    process.execPath,
    [
      CLI,
      "publish",
      ...["--data", join(ROOT, "data"), "--dist", "dist", "--target", "file://out", "--dry-run"],
    ],
    { cwd: scratch, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Like `head -1`: read the first chunk, then close the pipe.
  child.stdout.once("data", () => child.stdout.destroy());
  const code = await new Promise<number | null>((done) => child.on("close", done));
  expect(stderr).toBe("");
  expect(code).toBe(0);
});
