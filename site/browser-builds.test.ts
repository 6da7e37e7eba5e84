import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  commonJsAsModule,
  REACT_BUILDS,
  ROUTER_BUILDS,
  UNUSED_FEATURES,
  withoutDisplayNames,
  withoutUnusedFeatures,
} from "./browser-builds.ts";

const BUILD = [
  '"use strict";',
  'var Scheduler = require("scheduler"),',
  '  React = require("react");',
  "function hydrate() {",
  "  return React.version + exports.now();",
  "}",
  "exports.now = void 0;",
  'if (typeof performance === "object") {',
  "  exports.now = function () {",
  "    return performance.now();",
  "  };",
  "}",
  "exports.hydrateRoot = function (container) {",
  "  return hydrate(container);",
  "};",
  'exports.version = "19.3.1";',
].join("\n");

describe("React's production builds as ES modules", () => {
  it("imports what the build requires, exports each exports.name, and keeps every line where it was", () => {
    const module = commonJsAsModule(BUILD, "/react-dom-client.production.js");
    expect(module).toBe(
      [
        '"use strict";',
        "",
        "",
        "function hydrate() {",
        "  return React.version + __export_now();",
        "}",
        "var __export_now = void 0;",
        'if (typeof performance === "object") {',
        "  __export_now = function () {",
        "    return performance.now();",
        "  };",
        "}",
        "var __export_hydrateRoot = function (container) {",
        "  return hydrate(container);",
        "};",
        'var __export_version = "19.3.1";',
        'import * as Scheduler from "scheduler";',
        'import * as React from "react";',
        "export { __export_now as now, __export_hydrateRoot as hydrateRoot, __export_version as version };",
        'import * as __module from "/react-dom-client.production.js";',
        "export default __module;",
        "",
      ].join("\n"),
    );
  });

  it("declares an export the build only assigns inside a block", () => {
    const module = commonJsAsModule(
      'if (a) {\n  exports.now = Date.now;\n}\nexports.version = "1";',
      "/scheduler.js",
    );
    expect(module?.split("\n").slice(0, 5)).toEqual([
      "if (a) {",
      "  __export_now = Date.now;",
      "}",
      'var __export_version = "1";',
      "var __export_now;",
    ]);
  });

  it("leaves a file it would leave CommonJS in as it is", () => {
    expect(commonJsAsModule('module.exports = require("./cjs/react.production.js");', "/r")).toBe(
      undefined,
    );
    expect(
      commonJsAsModule('var React = require("react"),\n  size = 2;\nexports.a = size;', "/r"),
    ).toBe(undefined);
    expect(commonJsAsModule("exports.a = 1;\nfoo(exports);", "/r")).toBe(undefined);
    expect(commonJsAsModule("var a = 1;", "/r")).toBe(undefined);
  });

  it("turns every React build the browser gets into a module with the exports the site uses", () => {
    const exported = (name: string) => {
      const file = REACT_BUILDS[name] as string;
      const module = commonJsAsModule(readFileSync(file, "utf8"), file);
      expect(module, `${file} stays CommonJS`).toBeDefined();
      return /^export \{ (.*) \};$/m.exec(module ?? "")?.[1]?.split(", ") ?? [];
    };
    expect(exported("react")).toEqual(
      expect.arrayContaining(["__export_useState as useState", "__export_lazy as lazy"]),
    );
    expect(exported("react/jsx-runtime")).toEqual(
      expect.arrayContaining(["__export_jsx as jsx", "__export_jsxs as jsxs"]),
    );
    expect(exported("react-dom")).toEqual(
      expect.arrayContaining([
        "__export_createPortal as createPortal",
        "__export_preload as preload",
      ]),
    );
    expect(exported("react-dom/client")).toEqual(
      expect.arrayContaining(["__export_hydrateRoot as hydrateRoot"]),
    );
    expect(exported("scheduler")).toEqual(
      expect.arrayContaining(["__export_unstable_now as unstable_now"]),
    );
  });
});

describe("React Router's production build without display names", () => {
  it("drops the statements that name a component and nothing else", () => {
    const code = [
      "var Form = React10.forwardRef(() => null);",
      'Form.displayName = "Form";',
      'var label = "x";',
    ].join("\n");
    expect(withoutDisplayNames(code)).toBe(
      ["var Form = React10.forwardRef(() => null);", "", 'var label = "x";'].join("\n"),
    );
    expect(withoutDisplayNames('var label = "x";')).toBe(null);
  });

  it("finds the installed build naming its components that way", () => {
    const production = join(ROUTER_BUILDS, "production");
    const named = readdirSync(production)
      .filter((file) => file.endsWith(".mjs"))
      .filter((file) => withoutDisplayNames(readFileSync(join(production, file), "utf8")) !== null);
    expect(named.length).toBeGreaterThan(0);
  });
});

describe("React Router's production build without the features the site cannot use", () => {
  /** A router file defining every cut function (with the parameters a body reads), and more. */
  const router = (rename = (name: string) => name) =>
    [
      ...Object.keys(UNUSED_FEATURES).map(
        (name) => `function ${rename(name)}(getRouter, ssr, routeDiscovery) { return work(); }`,
      ),
      "function kept() { return work(); }",
    ].join("\n");

  it("replaces the body of each and nothing else", () => {
    const cut = withoutUnusedFeatures(router()) ?? "";
    for (const [name, { body }] of Object.entries(UNUSED_FEATURES))
      expect(cut).toContain(`function ${name}(getRouter, ssr, routeDiscovery) ${body}`);
    expect(cut).toContain("function kept() { return work(); }");
    expect(cut.match(/return work\(\)/g)).toHaveLength(1);
  });

  it("cuts nothing from a file without them, nor from a router that has changed", () => {
    expect(withoutUnusedFeatures("function kept() {}")).toBe(null);
    const renamed = router((name) => (name === "useFogOFWarDiscovery" ? "useDiscovery" : name));
    expect(withoutUnusedFeatures(renamed)).toBe(undefined);
    const params = router().replace(
      "getPatchRoutesOnNavigationFunction(getRouter, ssr, routeDiscovery)",
      "getPatchRoutesOnNavigationFunction(getRouter, ssr, discovery)",
    );
    expect(withoutUnusedFeatures(params)).toBe(undefined);
  });

  it("finds every one of them in the installed build the browser gets, in one file", () => {
    const production = join(ROUTER_BUILDS, "production");
    const cut = readdirSync(production)
      // The React Server Components build, which no browser gets, has some of them.
      .filter((file) => file.endsWith(".mjs") && !file.startsWith("index-react-server"))
      .map((file) => withoutUnusedFeatures(readFileSync(join(production, file), "utf8")));
    expect(cut.filter((code) => code === undefined)).toEqual([]);
    expect(cut.filter((code) => typeof code === "string")).toHaveLength(1);
  });
});
