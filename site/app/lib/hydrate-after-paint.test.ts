import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "./hydrate-after-paint.ts";

/** The head and scripts React Router writes for a page (abridged). */
const PAGE = [
  '<html><head><link rel="preload" as="image" href="/hero.webp"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js"/>',
  '<link rel="stylesheet" href="/assets/layout-4.css"/></head><body><main>Content</main>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";',
  'import * as route0 from "/assets/root-5.js";',
  'import * as route1 from "/assets/home-6.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-2.js");</script></body></html>',
].join("\n");

describe("loading a page's scripts once it is painted", () => {
  it("takes the module preloads out of the head and keeps everything else of it", () => {
    const html = hydrateAfterPaint(PAGE);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="preload" as="image" href="/hero.webp"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/layout-4.css"/>');
    expect(html).toContain("<main>Content</main>");
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("preloads the same modules one frame after the first paint, one task each, imports the route modules together, then the entry", () => {
    const html = hydrateAfterPaint(PAGE);
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toBe(
      [
        "requestAnimationFrame(() => setTimeout(async () => {",
        'for (const href of ["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/framework-3.js"]) {',
        'const link = document.createElement("link");',
        'link.rel = "modulepreload";',
        "link.href = href;",
        "document.head.append(link);",
        "await (globalThis.scheduler?.yield?.() ?? new Promise((resume) => setTimeout(resume)));",
        "}",
        'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-5.js"), import("/assets/home-6.js")]);',
        'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
        'import("/assets/entry.client-2.js");',
        "}));",
      ].join("\n"),
    );
  });

  it("leaves a page without scripts as it is, and refuses an import it does not know how to defer", () => {
    expect(hydrateAfterPaint("<html><body>Hi</body></html>")).toBe("<html><body>Hi</body></html>");
    expect(() =>
      hydrateAfterPaint(
        '<html><body><script type="module" async="">import { a } from "/a.js";</script></body></html>',
      ),
    ).toThrow('an import the page cannot defer: import { a } from "/a.js";');
  });
});
