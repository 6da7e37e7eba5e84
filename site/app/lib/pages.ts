import type { Page } from "../../../core/schemas/page.ts";
import { pages } from "../../generated/pages.ts";

/** A page of pages/*.md; a missing page is a broken build, named here. */
export function contentPage(slug: string): Page {
  const page = pages[slug];
  if (!page) throw new Error(`data/pages/${slug}.md is missing; the ${slug} page needs it`);
  return page;
}
