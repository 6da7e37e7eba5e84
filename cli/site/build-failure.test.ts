import { describe, expect, it } from "vitest";
import { describeFailure } from "./build-failure.ts";

const grey = (text: string) => `\x1b[38;5;246m${text}\x1b[0m`;

/** A warning Vite prints, in colour and with its code frame, in builds that succeed too. */
const WARNING = [
  "\x1b[33m[IMPORT_IS_UNDEFINED] \x1b[0mImport `log` will always be undefined because there is no matching export in '../node_modules/scheduler/cjs/scheduler.production.js'",
  `     ${grey("╭─")}${grey("[")} ../node_modules/react-dom/cjs/react-dom-client.production.js:674:11 ${grey("]")}`,
  `     ${grey("│")}`,
  ` ${grey("674 │")}   log$1 = Scheduler.log,`,
  `${grey("─────╯")}`,
  "",
  "✓ built in 1.18s",
];

describe("a failed site build, told as one paragraph", () => {
  it("names the page that failed to render and what it threw, without colours or stack", () => {
    const output = [
      "vite v8.3.8 building client environment for production...",
      ...WARNING,
      "vite v8.3.8 building ssr environment for production...",
      "transforming...",
      "✓ 82 modules transformed.",
      "build/raw/server/assets/layout-CrPGKoqM.css",
      "Prerender (html): /history -> build/client/history/index.html",
      "Error: data/pages/home.md is missing; the home page needs it",
      "    at contentPage (file:///site/build/server/index.js:1:2)",
      "✗ Build failed in 588ms",
      "Build failed with 1 error:",
      "",
      "[plugin react-router]",
      "Error: Prerender (data): Received a 500 status code from `entry.server.tsx` while prerendering the `/home` path.",
      "/home.data",
      "    at prerenderData (file:///node_modules/@react-router/dev/dist/vite.js:4970:13)",
      "  errors: [Getter/Setter]",
      "}",
    ].join("\n");
    expect(describeFailure(output)).toBe(
      "The page /home failed to render: data/pages/home.md is missing; the home page needs it.",
    );
  });

  it("keeps the kind of a thrown error other than a plain Error", () => {
    const output = [
      "TypeError: Cannot read properties of undefined (reading 'map')",
      "    at History (file:///site/build/server/index.js:1:2)",
      "Error: Prerender (html): Received a 500 status code from `entry.server.tsx` while prerendering the `/past-masters/` path.",
    ].join("\n");
    expect(describeFailure(output)).toBe(
      "The page /past-masters failed to render: TypeError: Cannot read properties of undefined (reading 'map').",
    );
  });

  it("names the file and place of a module that does not build", () => {
    const output = [
      "The `envFile` option is deprecated, please use `envDir: false` instead.",
      "vite v8.3.8 building client environment for production...",
      "transforming...",
      "✓ 92 modules transformed.",
      "✗ Build failed in 1.02s",
      "Build failed with 1 error:",
      "",
      "\x1b[31m[UNRESOLVED_IMPORT] \x1b[0mCould not resolve './missing.ts' in app/routes/bulletin.tsx",
      `   ${grey("╭─")}${grey("[")} app/routes/bulletin.tsx:2:8 ${grey("]")}`,
      `   ${grey("│")}`,
      ` ${grey("2 │")} import "./missing.ts";`,
      ` ${grey("  │")}        ───────┬──────  `,
      ` ${grey("  │")}               ╰──────── Module not found.`,
      `${grey("───╯")}`,
      "",
      "    at aggregateBindingErrorsIntoJsError (file:///node_modules/rolldown/dist/shared/error-CLo6EJKG.mjs:50:18)",
      "  errors: [Getter/Setter]",
      "}",
    ].join("\n");
    expect(describeFailure(output)).toBe(
      "The site failed to build: Could not resolve './missing.ts' in app/routes/bulletin.tsx (site/app/routes/bulletin.tsx:2:8).",
    );
  });

  it("names every route React Router refuses to prerender", () => {
    const output = [
      "\x1b[31mPrerender: 1 invalid route export in `routes/album` when pre-rendering with `ssr:false`: `loader`. See https://reactrouter.com/how-to/pre-rendering#invalid-exports for more information.",
      "Prerender: 1 invalid route export in `routes/calendar` when pre-rendering with `ssr:false`: `loader`. See https://reactrouter.com/how-to/pre-rendering#invalid-exports for more information.\x1b[39m",
      "/work/lodge/node_modules/@react-router/dev/dist/vite.js:5278",
      "    throw new Error(",
      "          ^",
      "",
      "Error: Invalid route exports found when prerendering with `ssr:false`",
      "Node.js v24.21.0",
    ].join("\n");
    expect(describeFailure(output)).toBe(
      "The site failed to build: 1 invalid route export in `routes/album` when pre-rendering with `ssr:false`: `loader`; 1 invalid route export in `routes/calendar` when pre-rendering with `ssr:false`: `loader`.",
    );
  });

  it("falls back to the error the build printed last", () => {
    const output = [
      "vite v8.3.8 building ssr environment for production...",
      ...WARNING,
      "✗ Build failed in 734ms",
      "Build failed with 1 error:",
      "",
      "[plugin react-router]",
      "Error: Cannot find package 'react-router' imported from /tmp/rr-build/server/assets/layout-VEqnF8jg.js",
      "  errors: [Getter/Setter]",
      "}",
    ].join("\n");
    expect(describeFailure(output)).toBe(
      "The site failed to build: Cannot find package 'react-router' imported from /tmp/rr-build/server/assets/layout-VEqnF8jg.js.",
    );
    expect(describeFailure("")).toBe("The site failed to build: it printed nothing.");
  });
});
