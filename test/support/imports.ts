import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)"(\.{1,2}\/[^"]+)"/g;

/** Every relative import of the repository's TypeScript, as [importer, imported], from the root. */
export function relativeImports(): [string, string][] {
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

/** Whether a file is product code: not a test. */
export const isProduct = (file: string) => !/\.test\.tsx?$/.test(file);
