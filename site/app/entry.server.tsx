import { prerender } from "react-dom/static";
import { type EntryContext, ServerRouter } from "react-router";
import { hydrateAfterPaint } from "./lib/hydrate-after-paint.ts";
import { pageHydrates } from "./lib/hydration.ts";

/**
 * Renders a page to HTML at build time (the site has no server rendering: `ssr: false`). It waits
 * for the whole page, so every part of it is in the HTML in place (no hidden parts a script moves
 * in later), and a page that fails to render answers 500, so the build fails naming it. The
 * page's scripts load once it has been painted (see hydrateAfterPaint). A page that does not
 * hydrate (see hydration.ts) gets none of the router's data either: nothing would read it.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let failed = false;
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const hydrates = pageHydrates(
    matches.map(({ route }) => ({
      handle: routerContext.routeModules[route.id]?.handle,
      loaderData: loaderData[route.id],
    })),
    routerContext.isSpaMode,
  );
  const context = hydrates ? routerContext : { ...routerContext, serverHandoffStream: undefined };
  const { prelude } = await prerender(<ServerRouter context={context} url={request.url} />, {
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  const html = await new Response(prelude).text();
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(hydrateAfterPaint(html), { status: failed ? 500 : status, headers });
}
