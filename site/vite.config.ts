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
 * sentence of a page with nothing yet, the Top button, whether React runs yet, scrolling to the
 * top): with the layout rather than in a file of their own, which those pages would load too.
 */
const PAGE_KIT =
  /[\\/]app[\\/](lib[\\/](meta|hydrated|scroll)\.tsx?|components[\\/](EmptyState|PageHeading|TopButton)\.tsx)$/;

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

/**
 * The kinds of code the pages with React share, a file each; a module goes with the first kind
 * that names it, or names a component (.tsx) that imports it statically.
 */
const KINDS = [
  // Dates and times: of events, of the lodge's charter.
  { name: "dates", from: ["/core/rules/time.ts", "/app/lib/dates.ts", "/core/rules/lodge-age.ts"] },
  // The words and dinner rules both the events and the forms use.
  { name: "words", from: ["/core/messages.ts", "/core/rules/meals.ts", "/core/rules/words.ts"] },
  // The RSVP buttons, with the home page's spotlight as on the event lists and pages.
  {
    name: "rsvp",
    from: [
      "/app/components/RsvpButton.tsx",
      "/app/components/EventRsvp.tsx",
      "/app/components/EventNotices.tsx",
      "/core/rules/rsvp-window.ts",
      "/core/rules/events.ts",
      "/core/rules/seats.ts",
    ],
  },
  // The calls to the API, which a visitor's own pages (a reservation, a waiting list) make
  // without a form to check.
  { name: "api", from: ["/app/lib/api.ts", "/core/api/routes.ts"] },
  // The forms and their checks: the contact page's at start, the RSVP modals' on demand.
  { name: "forms", from: ["/app/components/Form.tsx", "/core/rules/form-checks.ts"] },
  // An event as the list and its own page show it.
  { name: "events", from: ["/app/components/EventCard.tsx"] },
  // What Upcoming Events shares with the own page of an event or an outing: a place with its map,
  // and the tag of the structured data.
  { name: "places", from: ["/app/components/MapPanel.tsx", "/app/components/EventJsonLd.tsx"] },
  // The own page of an event or an outing, around its card.
  { name: "event-page", from: ["/app/components/EventPage.tsx"] },
  // An outing as the social events and its own page show it.
  { name: "outings", from: ["/app/components/OutingCard.tsx"] },
];

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with it has all its
 * functions compiled as it streams in, off the main thread, rather than each one there the first
 * time it runs. Nearly all of the site's script runs as the page loads (React's hydration, the
 * router, the page's components) or as the part that loaded it opens; compiled on first call,
 * the framework's evaluation and the first slices of hydration were the longest tasks of the
 * pages with React (Upcoming Events: evaluation 10.6 -> 7.4 ms of CPU, the page's script 229 ->
 * 177 ms, at full speed).
 */
const COMPILE_EVERY_FUNCTION = "//# allFunctionsCalledOnLoad";

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
        postBanner: COMPILE_EVERY_FUNCTION,
        // A page loads few files, each worth its request: the framework with the layout every
        // page shares and the bundler's helper for what loads on demand, the page's own file, and
        // the files of the kinds of code it is made of (see KINDS), and no other kind's.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: (id) =>
                FRAMEWORK.test(id) ||
                ON_DEMAND.test(id) ||
                PAGE_KIT.test(id) ||
                imports.from("/app/root.tsx").has(id),
              priority: KINDS.length + 1,
            },
            ...KINDS.map((kind, i) => ({
              name: kind.name,
              test: (id: string) =>
                kind.from.some((file) =>
                  file.endsWith(".tsx") ? imports.from(file).has(id) : id.endsWith(file),
                ),
              priority: KINDS.length - i,
            })),
          ],
        },
      },
    },
  },
});
