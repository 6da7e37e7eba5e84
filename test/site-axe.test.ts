import { describe, expect, it } from "vitest";
import { axeEach, everyBuiltPage } from "./support/site/axe-each.ts";

/** axe-core on every other page of the built site; site-axe-rest.test.ts checks the others. */
const pages = everyBuiltPage();

describe("accessibility (axe-core), every other page", () => {
  it("finds pages to check", () => {
    expect(pages.length).toBeGreaterThan(20);
  });
  axeEach(pages.filter((_, i) => i % 2 === 0));
});
