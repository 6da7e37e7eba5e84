import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)"(\.{1,2}\/[^"]+)"/g;

/** Every relative import of the repository's TypeScript, as [importer, imported], from the root. */
function imports(): [string, string][] {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  return files.flatMap((file) =>
    [...readFileSync(join(ROOT, file), "utf8").matchAll(IMPORT)].map(
      ([, spec = ""]): [string, string] => [
        file,
        relative(ROOT, resolve(ROOT, dirname(file), spec)),
      ],
    ),
  );
}

describe("the shared test library", () => {
  it("is test/support/: nothing else under test/ is imported, and the product imports none of it", () => {
    const all = imports();
    expect(all.some(([, imported]) => imported.startsWith("test/support/"))).toBe(true);
    const strays = all.filter(
      ([, imported]) => imported.startsWith("test/") && !imported.startsWith("test/support/"),
    );
    expect(strays.map(([file, imported]) => `${file} imports ${imported}`)).toEqual([]);
    const product = all.filter(
      ([file, imported]) =>
        /^(cli|core|server|site\/app)\//.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        imported.startsWith("test/"),
    );
    expect(product.map(([file, imported]) => `${file} imports ${imported}`)).toEqual([]);
  });
});
