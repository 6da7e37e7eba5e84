/**
 * The JavaScript a built page loads at start, measured from the files themselves: the scripts
 * and module preloads its HTML names (in tags, or in the inline module script that adds them
 * after the first paint) and every module those import statically, each compressed on its own.
 * Modules loaded on demand (`import()`, e.g. a modal's) are not counted: the page does not wait
 * for them.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { parseAst } from "vite";
import { table } from "./measure.ts";

/**
 * Issue 18's budget for a page that loads React: its script files at start, gzipped (level 9),
 * at most this many KB (issue 7 set it for the home page; every such page is held to it now).
 */
export const INTERACTIVE_JS_GZIP_KB = 112;

/** Issue 18's budget: a page without React runs at most this many KB of script, gzipped. */
export const CONTENT_JS_GZIP_KB = 2;

export interface ScriptSize {
  /** The script's path on the site, e.g. /assets/framework-NMrIE4pi.js. */
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

const SCRIPT_SRC = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
const INLINE_MODULE = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;
const SCRIPT_PATH = /"(\/[^"]+\.js)"/g;

/** The scripts the page's HTML names. */
function namedScripts(html: string): string[] {
  return [
    ...[...html.matchAll(SCRIPT_SRC)].map((m) => m[1] as string),
    ...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string),
    ...[...html.matchAll(INLINE_MODULE)].flatMap((m) =>
      [...(m[1] ?? "").matchAll(SCRIPT_PATH)].map((p) => p[1] as string),
    ),
  ];
}

/** The modules a script imports statically (import and export ... from), as site paths. */
function staticImports(file: string, code: string): string[] {
  return parseAst(code)
    .body.flatMap((node) =>
      (node.type === "ImportDeclaration" ||
        node.type === "ExportNamedDeclaration" ||
        node.type === "ExportAllDeclaration") &&
      typeof node.source?.value === "string"
        ? [node.source.value]
        : [],
    )
    .map((source) => new URL(source, `http://site${file}`).pathname);
}

/**
 * Scripts already measured and read for their imports, by path and time written: most pages
 * share most of theirs (parsing the framework's 325 KB again for each page made the check of
 * every page's scripts take half a minute on a busy machine).
 */
const measured = new Map<string, { size: ScriptSize; imports: string[] }>();

/** Every script `route` (e.g. "/home") of the site built in `dist` loads at start, each once. */
export function pageScripts(dist: string, route: string): ScriptSize[] {
  const html = readFileSync(join(dist, route, "index.html"), "utf8");
  const found = new Map<string, ScriptSize>();
  const todo = namedScripts(html).reverse();
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (found.has(file)) continue;
    const path = join(dist, file);
    const key = `${path} ${statSync(path).mtimeMs}`;
    let known = measured.get(key);
    if (!known) {
      const code = readFileSync(path);
      known = { size: sized(file, code), imports: staticImports(file, code.toString("utf8")) };
      measured.set(key, known);
    }
    found.set(file, known.size);
    todo.push(...[...known.imports].reverse());
  }
  return [...found.values()];
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

function sized(file: string, code: Buffer): ScriptSize {
  return {
    file,
    bytes: code.length,
    gzip: gzipSync(code, { level: zlib.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(code, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
    }).length,
  };
}

/**
 * The script a page's HTML runs itself, all its inline scripts as one (the site script, and on a
 * page with React the router's: its context, scroll restoration, the data of the page's loaders
 * and the loader of the modules). Structured data (`application/ld+json`) is not script.
 */
export function inlineScript(dist: string, route: string): ScriptSize {
  const html = readFileSync(join(dist, route, "index.html"), "utf8");
  const code = [...html.matchAll(INLINE_SCRIPT)]
    .filter((m) => !/type="application\/ld\+json"/.test(m[1] ?? ""))
    .map((m) => m[2] ?? "")
    .join("\n");
  return sized("(inline)", Buffer.from(code, "utf8"));
}

/** The sum of some scripts' sizes, compressed, in KB (1024 bytes). */
export function totalKb(scripts: ScriptSize[]): { gzip: number; brotli: number } {
  const kb = (key: "gzip" | "brotli") => scripts.reduce((sum, s) => sum + s[key], 0) / 1024;
  return { gzip: kb("gzip"), brotli: kb("brotli") };
}

// `node bench/page-js.ts [route] [dist]`: the table of one page's scripts.
if (import.meta.main) {
  const [route = "/home", dist = "dist"] = process.argv.slice(2);
  const scripts = [...pageScripts(dist, route), inlineScript(dist, route)];
  const kb = (n: number) => (n / 1024).toFixed(1);
  const total = totalKb(scripts);
  console.log(
    table(
      ["script", "KB", "KB gzip", "KB brotli"],
      [
        ...scripts.map((s) => [s.file, kb(s.bytes), kb(s.gzip), kb(s.brotli)]),
        [
          "total",
          kb(scripts.reduce((sum, s) => sum + s.bytes, 0)),
          total.gzip.toFixed(1),
          total.brotli.toFixed(1),
        ],
      ],
    ),
  );
}
