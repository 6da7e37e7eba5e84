import { prerender } from "react-dom/static";
import { type EntryContext, ServerRouter } from "react-router";
import { hydrateAfterPaint } from "./lib/hydrate-after-paint.ts";

/**
 * Renders a page to HTML at build time (the site has no server rendering: `ssr: false`). It waits
 * for the whole page, so every part of it is in the HTML in place (no hidden parts a script moves
 * in later), and a page that fails to render answers 500, so the build fails naming it. The
 * page's scripts load once it has been painted (see hydrateAfterPaint).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let failed = false;
  const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />, {
    onError(error: unknown) {
      failed = true;
      console.error(error);
    },
  });
  const html = await new Response(prelude).text();
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(hydrateAfterPaint(html), { status: failed ? 500 : status, headers });
}
