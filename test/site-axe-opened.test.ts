import { describe } from "vitest";
import { axeEach } from "./support/site/axe-each.ts";
import { OPENED } from "./support/site/opened.ts";

/** axe-core on the site's modals and lightbox, each opened as a visitor opens it. */
describe("accessibility (axe-core), a modal open", () => {
  axeEach(OPENED);
});
