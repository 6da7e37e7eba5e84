import type { UseCaseContext } from "./context.ts";

/**
 * The main lodge's past masters as the site this product replaces loaded them (SPEC 7): the
 * lodge's own list ('main', else the first in lodge.yaml), number, name, term and imgUrl, the
 * lodge's placeholder portrait for a master without one (SPEC 3). Built from the lodge's data,
 * so it never disagrees with the pages.
 */
export function pastMasterList(ctx: Pick<UseCaseContext, "data">) {
  const { lodge, pastMasters } = ctx.data();
  const slug =
    lodge.pastMasters.find((list) => list.slug === "main")?.slug ?? lodge.pastMasters[0]?.slug;
  return (slug === undefined ? [] : (pastMasters[slug] ?? [])).map((master) => ({
    number: master.number,
    name: master.name,
    term: master.term,
    imgUrl: master.imgUrl || lodge.defaultPortrait,
  }));
}
