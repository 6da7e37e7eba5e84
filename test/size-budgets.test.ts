import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Node, SourceFile } from "typescript/unstable/ast";
import { isFunctionLikeDeclaration } from "typescript/unstable/ast/is";
import { API } from "typescript/unstable/sync";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The house's size budgets (issue 34): no product file over 400 lines, no function over 100. A
 * file or function past them is a sign to split it by what it does; the few that may stay over
 * are listed below, each with why. Functions are found by TypeScript's own parser (the installed
 * typescript 7's API, which runs its compiler beside the test), so an arrow function in a call,
 * a method or a component counts as the language sees it, not as a pattern guesses it.
 */
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 100;

const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** The product's code: what ships or runs for the users, its tests and test helpers apart. */
const PRODUCT = ["cli", "core", "server", "site/app", "bench", "scripts"];

/** What may stay over a budget, and why. A function is named as `file#name`. */
const ALLOWED: Record<string, string> = {};

function productFiles(): string[] {
  // A folder the house does not have yet (scripts/) holds nothing to measure.
  return PRODUCT.filter((dir) => existsSync(join(ROOT, dir)))
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .map((name) => join(dir, name))
        .filter(
          (path) =>
            /\.tsx?$/.test(path) &&
            !/\.test\.tsx?$/.test(path) &&
            !path.split("/").some((part) => part === "test" || part === "node_modules"),
        ),
    )
    .sort();
}

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** Every function of a file longer than the budget, as `file#name` and its lines. */
function longFunctions(path: string, file: SourceFile): [string, number][] {
  const found: [string, number][] = [];
  const lineOf = (at: number) => file.getLineAndCharacterOfPosition(at).line;
  const visit = (node: Node): void => {
    if (isFunctionLikeDeclaration(node) && node.body) {
      const lines = lineOf(node.end) - lineOf(node.getStart(file)) + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const named = "name" in node ? (node.name as Node | undefined) : undefined;
        const name = named ? named.getText(file) : `(line ${lineOf(node.getStart(file)) + 1})`;
        found.push([`${path}#${name}`, lines]);
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

interface Sizes {
  files: [string, number][];
  functions: [string, number][];
}

/** The lines of each file, and the functions over budget, of files in `root`'s tsconfig.json project. */
function measure(root: string, paths: readonly string[]): Sizes {
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [join(root, "tsconfig.json")] });
    const program = snapshot.getProjects()[0]?.program;
    if (!program) throw new Error(`TypeScript opened no project from ${root}tsconfig.json`);
    const sizes: Sizes = { files: [], functions: [] };
    for (const path of paths) {
      sizes.files.push([path, lineCount(readFileSync(join(root, path), "utf8"))]);
      const parsed = program.getSourceFile(join(root, path));
      if (!parsed) throw new Error(`${path} is not in tsconfig.json's project`);
      sizes.functions.push(...longFunctions(path, parsed));
    }
    return sizes;
  } finally {
    api.close();
  }
}

describe("size budgets", () => {
  let sizes: Sizes;
  beforeAll(() => {
    sizes = measure(ROOT, productFiles());
  }, 60_000);

  it(`keeps every product file within ${MAX_FILE_LINES} lines`, () => {
    const over = sizes.files.filter(
      ([path, lines]) => lines > MAX_FILE_LINES && ALLOWED[path] === undefined,
    );
    expect(over.map(([path, lines]) => `${path}: ${lines} lines`)).toEqual([]);
  });

  it(`keeps every function within ${MAX_FUNCTION_LINES} lines`, () => {
    const over = sizes.functions.filter(([name]) => ALLOWED[name] === undefined);
    expect(over.map(([name, lines]) => `${name}: ${lines} lines`)).toEqual([]);
  });

  it("keeps the server's assembly small: buildApp and each of its plugins within 80 lines", () => {
    const plugins = sizes.files.filter(([path]) => path.startsWith("server/plugins/"));
    expect(plugins.length).toBeGreaterThan(5);
    expect(plugins.filter(([, lines]) => lines > 80)).toEqual([]);
    const app = readFileSync(join(ROOT, "server/app.ts"), "utf8").split("\n");
    const start = app.findIndex((line) => line.startsWith("export async function buildApp("));
    const end = app.findIndex((line, at) => at > start && line === "}");
    expect(start).toBeGreaterThan(-1);
    expect(end - start + 1).toBeLessThanOrEqual(80);
  });

  it("allows only what is still over, so the list stays short", () => {
    const over = new Set([
      ...sizes.files.filter(([, lines]) => lines > MAX_FILE_LINES).map(([path]) => path),
      ...sizes.functions.map(([name]) => name),
    ]);
    expect(Object.keys(ALLOWED).filter((entry) => !over.has(entry))).toEqual([]);
  });

  it("measures by the parser: a component of 100 lines passes, an arrow in a call and a method of 101 do not", () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-budgets-"));
    try {
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ include: ["*.tsx"] }));
      const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`);
      writeFileSync(
        join(dir, "long.tsx"),
        [
          "/** A comment above a function is not the function. */",
          "export function Card() {",
          ...body(97),
          "  return <p>{v0}</p>;",
          "}",
          "[1].map((x) => {",
          ...body(100),
          "  return x;",
          "});",
          "class C {",
          "  m() {",
          ...body(99),
          "  }",
          "}",
          "",
        ].join("\n"),
      );
      expect(measure(dir, ["long.tsx"])).toEqual({
        files: [["long.tsx", 307]],
        functions: [
          ["long.tsx#(line 102)", 103],
          ["long.tsx#m", 101],
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
