import type { Page, RequiredPage } from "../../../core/schemas/page.ts";
import { pages } from "../../generated/pages.ts";

/** A page of pages/*.md; `lodge validate` makes sure it is there, the build names it if not. */
export function contentPage(slug: RequiredPage): Page {
  const page = pages[slug];
  if (!page) throw new Error(`data/pages/${slug}.md is missing; the ${slug} page needs it`);
  return page;
}
