import { describe, expect, it } from "vitest";
import { withoutFalseFlags } from "./route-manifest.ts";

const built = (routes: Record<string, Record<string, unknown>>) =>
  `window.__reactRouterManifest=${JSON.stringify({
    entry: { module: "/assets/entry.client-a.js", imports: [], css: [] },
    routes,
    url: "/assets/manifest-1a2b3c4d.js",
    version: "1a2b3c4d",
  })};`;

describe("the route manifest the pages load", () => {
  it("keeps every route's true flags, path and files, and leaves its false flags out", () => {
    const code = built({
      "routes/home": {
        id: "routes/home",
        parentId: "root",
        path: "home",
        hasAction: false,
        hasLoader: true,
        hasClientLoader: false,
        hasDefaultExport: true,
        hasErrorBoundary: false,
        module: "/assets/home-x.js",
        imports: ["/assets/framework-y.js"],
        css: ["/assets/framework-z.css#"],
      },
    });
    const trimmed = withoutFalseFlags(code);
    const manifest = JSON.parse(trimmed.slice("window.__reactRouterManifest=".length, -1));
    expect(manifest.routes["routes/home"]).toEqual({
      id: "routes/home",
      parentId: "root",
      path: "home",
      hasLoader: true,
      hasDefaultExport: true,
      module: "/assets/home-x.js",
      imports: ["/assets/framework-y.js"],
      css: ["/assets/framework-z.css#"],
    });
    expect(manifest.version).toBe("1a2b3c4d");
    expect(trimmed.length).toBeLessThan(code.length);
    expect(withoutFalseFlags(trimmed)).toBe(trimmed);
  });

  it("stops the build when React Router writes it another way", () => {
    expect(() => withoutFalseFlags("export default {};")).toThrow(/shape not known/);
  });
});
