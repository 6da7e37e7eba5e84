/**
 * Which builds of React and React Router the browser gets, in a form the bundler can trim: every
 * page loads them, and they are nine tenths of the home page's JavaScript.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Plugin, parseAst } from "vite";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export const ROUTER_BUILDS = join(packageDir("react-router"), "dist");

/**
 * React Router's package sends every import to its development build, warnings and all
 * (remix-run/react-router#14102); the browser gets its production build instead.
 */
export function reactRouterProduction(): Plugin {
  const builds: Record<string, string> = {
    "react-router": join(ROUTER_BUILDS, "production", "index.mjs"),
    "react-router/dom": join(ROUTER_BUILDS, "production", "dom-export.mjs"),
  };
  return {
    name: "lodge:react-router-production",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => builds[source] ?? null,
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const trimmed = withoutDisplayNames(code) ?? code;
        const cut = withoutUnusedFeatures(trimmed);
        if (cut === undefined) this.warn("React Router's functions are not as expected: none cut");
        const result = cut ?? trimmed;
        return result === code ? null : result;
      },
    },
  };
}

/** Why a cut feature fails, should the site turn it on. */
const CUT = (feature: string) =>
  `throw new Error("${feature} is cut from this site's build of React Router (site/browser-builds.ts)");`;

/**
 * React Router's functions for features this site cannot use, and what is left of each: lazy
 * route discovery asks a server for the routes, and the router turns it on only with server
 * rendering (the site is prerendered, `ssr: false`); instrumentation is for what a router or a
 * route is given, and nothing here gives any; and the parts below. What they do with the
 * feature off is kept, and a loud failure where it would be on; the code only they reach
 * (fetching and applying manifest patches, wrapping every route's loaders, prefetching) is then
 * left out of every page with React.
 */
export const UNUSED_FEATURES: Record<string, { params: string[]; body: string }> = {
  getPatchRoutesOnNavigationFunction: {
    params: ["ssr", "routeDiscovery"],
    body: `{ if (isFogOfWarEnabled(routeDiscovery, ssr)) ${CUT("Lazy route discovery")} return void 0; }`,
  },
  // A hook whose effect does nothing when lazy discovery is off, as it always is here.
  useFogOFWarDiscovery: { params: [], body: "{}" },
  instrumentClientSideRouter: { params: [], body: `{ ${CUT("Instrumentation")} }` },
  getRouteInstrumentationUpdates: { params: [], body: `{ ${CUT("Instrumentation")} }` },
  // What a <Link prefetch> renders: no link of the site asks for it.
  PrefetchPageLinks: { params: [], body: `{ ${CUT("Prefetching a link's page")} }` },
  // What the root route gets when it has no error boundary or hydrate fallback: ours has both.
  RemixRootDefaultErrorBoundary: { params: [], body: `{ ${CUT("The default error boundary")} }` },
  RemixRootDefaultHydrateFallback: { params: [], body: `{ ${CUT("The default fallback")} }` },
  // Errors of React Server Components, which the site does not use.
  RSCErrorHandler: { params: [], body: `{ ${CUT("React Server Components")} }` },
};

/**
 * The router's code with the bodies of UNUSED_FEATURES' functions replaced; null when the code
 * defines none of them (another of its files), undefined when it defines only some, or one
 * without the parameters its new body reads: React Router has changed, and nothing is cut.
 */
export function withoutUnusedFeatures(code: string): string | null | undefined {
  const found = parseAst(code).body.flatMap((node) => {
    if (node.type !== "FunctionDeclaration" || !node.id || !node.body) return [];
    const feature = UNUSED_FEATURES[node.id.name];
    if (!feature) return [];
    const params = node.params.map((param) => (param.type === "Identifier" ? param.name : ""));
    const { start, end } = node.body;
    return [{ start, end, ok: feature.params.every((p) => params.includes(p)), feature }];
  });
  if (found.length === 0) return null;
  if (found.length !== Object.keys(UNUSED_FEATURES).length || found.some((f) => !f.ok))
    return undefined;
  let cut = code;
  for (const { start, end, feature } of found.sort((a, b) => b.start - a.start))
    cut = cut.slice(0, start) + feature.body + cut.slice(end);
  return cut;
}

const DISPLAY_NAME = /^\w+\.displayName = "[^"]*";$/gm;

/**
 * React Router names its components for React's developer tools in statements of their own
 * (`Form.displayName = "Form";`), which keep every component in the bundle, used or not: its
 * Form, fetcher forms and the hooks behind them. The names only ever show in those tools.
 */
export function withoutDisplayNames(code: string): string | null {
  const trimmed = code.replace(DISPLAY_NAME, "");
  return trimmed === code ? null : trimmed;
}

/** React's packages, sent by their index files to one build or the other at run time. */
export const REACT_BUILDS: Record<string, string> = {
  react: join(packageDir("react"), "cjs", "react.production.js"),
  "react/jsx-runtime": join(packageDir("react"), "cjs", "react-jsx-runtime.production.js"),
  "react-dom": join(packageDir("react-dom"), "cjs", "react-dom.production.js"),
  "react-dom/client": join(packageDir("react-dom"), "cjs", "react-dom-client.production.js"),
  scheduler: join(packageDir("scheduler"), "cjs", "scheduler.production.js"),
};
const REACT_BUILD_FILES = new Set(Object.values(REACT_BUILDS));
const DEFAULT_IMPORT_OF_REACT = /^import (\w+) from "(react|react-dom)";$/gm;

/**
 * React publishes CommonJS only, which the bundler keeps whole, each package wrapped in a
 * function and reached through an object. Its production builds are plain enough to be turned
 * into ES modules, one export per `exports.name`, so that the parts no page uses are left out
 * (React's Children helpers, most of react-dom's resource hints, ...). A build that does not have
 * the expected shape is left as it is: bigger, never wrong.
 */
export function reactAsModules(): Plugin {
  return {
    name: "lodge:react-as-modules",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => REACT_BUILDS[source] ?? null,
    transform(code, id) {
      if (REACT_BUILD_FILES.has(id)) {
        const module = commonJsAsModule(code, id);
        if (!module) this.warn(`${id} is not shaped as expected: it stays CommonJS`);
        return module;
      }
      // The default export of a CommonJS module is its exports object: read through the
      // namespace instead, whose unused members can be left out.
      if (id.includes("node_modules") && code.includes('from "react')) {
        const namespaced = code.replace(DEFAULT_IMPORT_OF_REACT, 'import * as $1 from "$2";');
        return namespaced === code ? null : namespaced;
      }
      return null;
    },
  };
}

/** A leading `var a = require("a"), b = require("b");`, one declaration a line. */
const REQUIRES = /^var \w+ = require\("[\w/-]+"\)(?:,\n {2}\w+ = require\("[\w/-]+"\))*;$/gm;
const REQUIRE = /(\w+) = require\("([\w/-]+)"\)/g;
const TOP_LEVEL_EXPORT = /^exports\.(\w+) =/gm;
const EXPORT = /\bexports\.(\w+)/g;
const COMMON_JS_LEFT = /\brequire\(|\bexports\b|\bmodule\.exports\b/;

/**
 * One of React's CommonJS production builds as an ES module: its leading `var x = require("y")`
 * become namespace imports and each `exports.name` a variable of the module, exported as `name`;
 * the default export is the module's namespace, as a CommonJS module's is its exports object.
 * Lines stay where they were. Undefined when anything CommonJS would be left.
 */
export function commonJsAsModule(code: string, id: string): string | undefined {
  const imports: string[] = [];
  const declared = new Set<string>();
  const names = new Set<string>();
  const body = code
    .replace(REQUIRES, (statement) => {
      for (const [, name, from] of statement.matchAll(REQUIRE))
        imports.push(`import * as ${name} from ${JSON.stringify(from)};`);
      return "\n".repeat(statement.split("\n").length - 1);
    })
    .replace(TOP_LEVEL_EXPORT, (_assignment, name: string) => {
      declared.add(name);
      return `var __export_${name} =`;
    })
    .replace(EXPORT, (_reference, name: string) => {
      names.add(name);
      return `__export_${name}`;
    });
  for (const name of declared) names.add(name);
  if (names.size === 0 || COMMON_JS_LEFT.test(body)) return undefined;
  const undeclared = [...names].filter((name) => !declared.has(name));
  return [
    body,
    ...imports,
    ...(undeclared.length > 0 ? [`var ${undeclared.map((n) => `__export_${n}`).join(", ")};`] : []),
    `export { ${[...names].map((n) => `__export_${n} as ${n}`).join(", ")} };`,
    `import * as __module from ${JSON.stringify(id)};`,
    "export default __module;",
    "",
  ].join("\n");
}
