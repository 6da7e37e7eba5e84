import { describe } from "vitest";
import { axeEach, everyBuiltPage } from "./support/site/axe-each.ts";

/** axe-core on the pages site-axe.test.ts leaves: the built site's every other page, from the second. */
describe("accessibility (axe-core), the other pages", () => {
  axeEach(everyBuiltPage().filter((_, i) => i % 2 === 1));
});
