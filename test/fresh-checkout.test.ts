import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditBuild } from "../bench/audit-build.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * A checkout as a fresh clone has it: the files git keeps (those of the working tree, not yet
 * committed ones too) and none it ignores (site/generated/, var/, dist/); the installed packages
 * are the project's own. The sample lodge's data stays out: the test builds a lodge of its own.
 */
function freshCheckout(into: string): void {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file !== "" && !file.startsWith("data/") && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(into, file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(into, "node_modules"), "dir");
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "lodge-fresh-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("a fresh clone", () => {
  it("builds the site as the audit does before anything else was built: site/generated/ need not exist", async () => {
    const checkout = join(scratch, "checkout");
    freshCheckout(checkout);
    expect(existsSync(join(checkout, "site/generated"))).toBe(false);
    // A small lodge of its own, so the test makes two pictures, not the sample's hundreds.
    const lodge = join(scratch, "lodge");
    execFileSync(
      process.execPath,
      [
        join(checkout, "cli/index.ts"),
        "init",
        lodge,
        "--name",
        "Fresh Lodge No. 9",
        "--charter-date",
        "1901-02-03",
        "--time-zone",
        "America/Chicago",
        "--secretary-email",
        "secretary@example.org",
      ],
      { cwd: checkout, stdio: "pipe" },
    );
    const dist = await auditBuild(checkout, join(scratch, "audit"), [
      "--data",
      lodge,
      "--images",
      join(scratch, "images"),
      // The starter's placeholders are still in.
      "--draft",
    ]);
    expect(readFileSync(join(dist, "home", "index.html"), "utf8")).toContain(
      "<h1>Fresh Lodge No. 9</h1>",
    );
    expect(existsSync(join(checkout, "site/generated"))).toBe(false);
  }, 120_000);
});
