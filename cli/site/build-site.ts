import { spawn } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify, stripVTControlCharacters } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { anotherLodges, identityOf, sameLodge } from "../../core/places.ts";
import { isSitePath } from "../../core/rules/media.ts";
import type { Lodge } from "../../core/schemas/index.ts";
import { shownPath } from "../context.ts";
import { UserError } from "../errors.ts";
import { describeFailure } from "./build-failure.ts";
import { mediaFiles, type ProcessedImages } from "./media-files.ts";
import { trimRouteManifest } from "./route-manifest.ts";
import { siteMark, writeSiteMark } from "./site-mark.ts";

/** The React site's folder (react-router.config.ts, vite.config.ts, app/). */
export const SITE_DIR = fileURLToPath(new URL("../../site/", import.meta.url));

/** Where builds are staged before they replace the output folder (git-ignored). */
const BUILDS_DIR = join(SITE_DIR, "build");

/** The whole output of the last build that failed, for whoever needs more than its summary. */
const FAILURE_LOG = join(BUILDS_DIR, "failed-build.log");

const REACT_ROUTER_BIN = join(
  dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
  "bin.js",
);

export type SiteBuild = {
  /** Where the command runs, for the paths it prints. */
  cwd: string;
  /** The data folder, for the media files the site serves itself. */
  dataDir: string;
  /** Where `lodge build` wrote the data modules this build reads. */
  generatedDir: string;
  /** The folder to write the site to; replaced as a whole once the build succeeded. */
  outDir: string;
  lodge: Pick<Lodge, "media" | "number" | "name">;
  /** Built with --draft: the site may hold the starter's placeholders (publish refuses it). */
  draft?: boolean;
  /** The lodge's own output folder as shown, named when another lodge's is refused. */
  ownOut?: string;
  /** The pictures `lodge images` made: served instead of their originals. */
  images: ProcessedImages;
  /** The moment the pages are rendered for (see buildMoment). */
  moment: Date;
};

export type SiteBuildResult = { pages: string[]; mediaFiles: number };

/** Runs `react-router build` (Vite, then prerendering every route) in a child process. */
function runReactRouterBuild(
  generatedDir: string,
  buildDir: string,
  moment: Date,
): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [REACT_ROUTER_BIN, "build"], {
      cwd: SITE_DIR,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LODGE_GENERATED_DIR: generatedDir,
        LODGE_SITE_BUILD_DIR: buildDir,
        // One moment for the whole build: the route config, the prerender list and every page
        // agree on which events are still to come.
        SOURCE_DATE_EPOCH: String(Math.floor(moment.getTime() / 1000)),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", fail);
    child.on("close", (code) => (code === 0 ? done(output) : fail(new BuildFailure(output))));
  });
}

class BuildFailure extends Error {
  readonly output: string;
  constructor(output: string) {
    super("react-router build failed");
    this.output = output;
  }
}

/** Files under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * A prerendered resource route (an event's calendar file) also gets a '.data' twin for the
 * router's client navigation; the site links to the files themselves, so the twins go.
 */
function removeResourceDataTwins(dir: string): void {
  for (const file of filesUnder(dir)) {
    if (!file.endsWith(".data")) continue;
    const twin = join(dir, file.slice(0, -".data".length));
    if (existsSync(twin) && statSync(twin).isFile()) rmSync(join(dir, file));
  }
}

/** Links `to` to `from`; false where the file system cannot (another device, no links). */
function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts every media file served from the site itself in its place there: the files of the data
 * folders, copied, and the web sizes `lodge images` made instead of their originals. Those are
 * many and large and never change under their names: linked where the file system allows, else
 * copied. (A data file is never linked: a link touches the file, which `lodge dev` would take
 * for an edit, and an edit in the site would change the data.)
 */
function placeMedia(build: SiteBuild, siteDir: string): number {
  let count = 0;
  const made = resolve(build.images.dir) + sep;
  for (const media of mediaFiles(build.dataDir, build.images, build.lodge.media)) {
    if (!isSitePath(media.base)) continue;
    const to = join(siteDir, ...media.base.split("/"), ...media.path.split("/"));
    mkdirSync(dirname(to), { recursive: true });
    if (!resolve(media.file).startsWith(made) || !linked(media.file, to)) {
      copyFileSync(media.file, to);
    }
    count++;
  }
  return count;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli and a gzip copy beside every script and stylesheet, compressed as far as they
 * go, once, at build time: `lodge serve` (like most static hosts) sends them as they are to the
 * browsers that accept them, instead of compressing quickly on every request.
 */
async function precompressAssets(siteDir: string): Promise<void> {
  const assets = join(siteDir, "assets");
  await Promise.all(
    filesUnder(assets)
      .filter((file) => /\.(js|css)$/.test(file))
      .map(async (file) => {
        const path = join(assets, file);
        const text = readFileSync(path);
        const [br, gz] = await Promise.all([
          brotli(text, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: text.length,
            },
          }),
          gzipped(text, { level: zlib.Z_BEST_COMPRESSION }),
        ]);
        writeFileSync(`${path}.br`, br);
        writeFileSync(`${path}.gz`, gz);
      }),
  );
}

/**
 * The output folder may be replaced: it is absent, empty, or a site this command built for this
 * lodge (a site built for another is never written over: that lodge may be serving it).
 */
function checkReplaceable(build: SiteBuild): void {
  const { outDir, dataDir } = build;
  const out = resolve(outDir);
  const data = resolve(dataDir);
  if (data === out || data.startsWith(out + sep) || out === SITE_DIR.replace(/\/$/, "")) {
    throw new UserError(
      `--out ${outDir} holds the data or the site's sources; choose another folder.`,
    );
  }
  if (!existsSync(out) || readdirSync(out).length === 0) return;
  const built = siteMark(out);
  const lodge = identityOf(build.lodge);
  if (built && !sameLodge(built, lodge)) {
    throw new UserError(
      anotherLodges(
        `The site in ${shownPath(build.cwd, out)}`,
        built,
        lodge,
        "--out",
        build.ownOut ?? "its own",
      ),
    );
  }
  if (!existsSync(join(out, "index.html")) || !existsSync(join(out, "assets"))) {
    throw new UserError(
      `${outDir} is not empty and does not look like a site lodge built (no index.html and assets/), so it was left alone. Give an empty or new folder with --out.`,
    );
  }
}

/**
 * Builds the static site: Vite bundles the app, React Router prerenders every route to its own
 * HTML file, then the media the site serves itself is copied in and a 404.html that redirects
 * home is added. The output folder is only replaced once everything succeeded.
 */
export async function buildSite(build: SiteBuild): Promise<SiteBuildResult> {
  checkReplaceable(build);
  // Inside the project, so the prerendering server bundle finds react-dom in node_modules.
  mkdirSync(BUILDS_DIR, { recursive: true });
  const staging = mkdtempSync(join(BUILDS_DIR, "run-"));
  try {
    try {
      await runReactRouterBuild(build.generatedDir, staging, build.moment);
    } catch (error) {
      if (!(error instanceof BuildFailure)) throw error;
      writeFileSync(FAILURE_LOG, stripVTControlCharacters(error.output));
      throw new UserError(
        `${describeFailure(error.output)} The build's whole output is in ${shownPath(build.cwd, FAILURE_LOG)}.`,
      );
    }
    const client = join(staging, "client");
    // Every route is prerendered, so no page needs the SPA shell; unknown paths go home instead.
    rmSync(join(client, "__spa-fallback.html"), { force: true });
    cpSync(join(client, "index.html"), join(client, "404.html"));
    removeResourceDataTwins(client);
    trimRouteManifest(client);
    await precompressAssets(client);
    const mediaCount = placeMedia(build, client);
    writeSiteMark(client, { ...identityOf(build.lodge), draft: build.draft === true });
    const pages = filesUnder(client)
      .filter((file) => file.endsWith("index.html"))
      .map((file) => `/${dirname(file) === "." ? "" : dirname(file).split(sep).join("/")}`)
      .sort();

    rmSync(build.outDir, { recursive: true, force: true });
    mkdirSync(dirname(resolve(build.outDir)), { recursive: true });
    try {
      renameSync(client, build.outDir);
    } catch {
      cpSync(client, build.outDir, { recursive: true });
    }
    return { pages, mediaFiles: mediaCount };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
