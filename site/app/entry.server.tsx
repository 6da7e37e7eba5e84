import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

/**
 * Renders a page to HTML at build time (the site has no server rendering: `ssr: false`). It waits
 * for the whole page, and a page that fails to render answers 500, so the build fails naming it.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let failed = false;
  const stream = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(stream, { status: failed ? 500 : status, headers });
}
