import { describe, expect, it } from "vitest";
import { describeFailure } from "./build-site.ts";

describe("a failed site build", () => {
  it("names the page that failed to render and why", () => {
    const output = [
      "Prerender (html): /history -> build/client/history/index.html",
      "TypeError: Cannot read properties of undefined (reading 'map')",
      "    at History (file:///site/build/server/index.js:1:2)",
      "Error: Prerender (html): Received a 500 status code from `entry.server.tsx` while prerendering the `/past-masters/` path.",
    ].join("\n");
    expect(describeFailure(output)).toBe(
      "The page /past-masters failed to render: TypeError: Cannot read properties of undefined (reading 'map')",
    );
  });

  it("falls back to the build's own words when no page is named", () => {
    const output = "✗ Build failed in 20ms\nError: Could not resolve './missing.ts'\n";
    expect(describeFailure(output)).toMatch(
      /^The site failed to build: Error: Could not resolve '.\/missing.ts'\n/,
    );
  });
});
