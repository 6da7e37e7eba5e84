import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { reactAsModules, reactRouterProduction } from "./browser-builds.ts";
import { GENERATED_DIR } from "./generated-dir.ts";

const DEFAULT_GENERATED = fileURLToPath(new URL("./generated/", import.meta.url));

/**
 * Points the app's imports of site/generated/ at the folder `lodge build` wrote this time. The
 * path is worked out from the import itself: site/generated/ need not exist (a fresh clone).
 */
function generatedModules(): Plugin {
  return {
    name: "lodge:generated-modules",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (resolve(GENERATED_DIR) === resolve(DEFAULT_GENERATED)) return null;
      const path = isAbsolute(source)
        ? source
        : source.startsWith(".") && importer && isAbsolute(importer)
          ? resolve(dirname(importer.split("?")[0] ?? importer), source)
          : undefined;
      if (!path?.startsWith(DEFAULT_GENERATED)) return null;
      const redirected = resolve(GENERATED_DIR, path.slice(DEFAULT_GENERATED.length));
      return this.resolve(redirected, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * The few small pieces many pages are made of (their title and description, heading, the
 * sentence of a page with nothing yet, the Top button): in the layout's file rather than in the
 * home page's, which those pages would otherwise load whole for them.
 */
const PAGE_KIT =
  /[\\/]app[\\/](lib[\\/]meta\.ts|components[\\/](EmptyState|PageHeading|TopButton)\.tsx)$/;

/** The bundler's helper for parts loaded on demand (a modal, the lightbox). */
const ON_DEMAND = /preload-helper/;

/** React and the router, which every page needs. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/;

/**
 * The site's own modules that a route module reaches through static imports (not those it loads
 * on demand, like the RSVP form), from the import graph the build recorded.
 */
function staticImports() {
  const graph = new Map<string, readonly string[]>();
  const reached = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: "lodge:static-imports",
    // The client's and the prerendering server's builds run one after the other.
    buildStart() {
      graph.clear();
      reached.clear();
    },
    moduleParsed(info) {
      graph.set(info.id, info.importedIds);
    },
  };
  const from = (file: string): Set<string> => {
    const known = reached.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const todo = [...graph.keys()].filter((id) => id.endsWith(file));
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (seen.has(id) || id.includes("node_modules") || FRAMEWORK.test(id)) continue;
      seen.add(id);
      todo.push(...(graph.get(id) ?? []));
    }
    reached.set(file, seen);
    return seen;
  };
  return { plugin, from };
}

const imports = staticImports();

export default defineConfig({
  plugins: [
    generatedModules(),
    reactRouterProduction(),
    reactAsModules(),
    imports.plugin,
    reactRouter(),
  ],
  build: {
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // A page loads few files, each worth its request: the framework, the layout every page
        // shares, and the page's own. The home page, the first most visitors see, gets all its
        // code in one more file; pages sharing a piece of it load that file too.
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 3 },
            // Its own file: the pages that load a part on demand are not all the home page's.
            { name: "on-demand", test: ON_DEMAND, priority: 3 },
            {
              name: "layout",
              test: (id) => imports.from("/app/root.tsx").has(id) || PAGE_KIT.test(id),
              priority: 2,
            },
            {
              name: "home",
              test: (id) => imports.from("/app/routes/home.tsx").has(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
