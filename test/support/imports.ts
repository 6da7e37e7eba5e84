import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)"(\.{1,2}\/[^"]+)"/g;

const RUNTIME_IMPORT = /^(?:import|export)(?!\s+type\b)[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gms;

/**
 * Every relative import of the repository's TypeScript, as [importer, imported], from the root;
 * with `runtime`, only those that load a module when it runs (not `import type`).
 */
export function relativeImports(runtime = false): [string, string][] {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  return files.flatMap((file) =>
    [...readFileSync(join(ROOT, file), "utf8").matchAll(runtime ? RUNTIME_IMPORT : IMPORT)].map(
      ([, spec = ""]): [string, string] => [
        file,
        relative(ROOT, resolve(ROOT, dirname(file), spec)),
      ],
    ),
  );
}

/** Whether a file is product code: not a test. */
export const isProduct = (file: string) => !/\.test\.tsx?$/.test(file);

/** The circles of a graph of [from, to] edges: each set of nodes that reach one another (Tarjan). */
export function circles(edges: readonly [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const circle = stack.splice(stack.indexOf(node));
    if (circle.length > 1) found.push(circle.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}
