import type { FastifyReply } from "fastify";
import { escapeHtml } from "../../core/rules/html.ts";

/**
 * The server's own pages (unsubscribing, a friend's subscription): small, in the lodge's
 * colours, with no script, answered to a form posted without one.
 */

/** A page in the lodge's colours: its name, a heading, and what follows. */
export function page(lodgeName: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} · ${escapeHtml(lodgeName)}</title>
<style>
body { margin: 0; background: #faf7ef; color: #1b1f24; font: 18px/1.55 Georgia, "Times New Roman", serif; }
header { background: #0b2545; color: #fff; padding: 18px 24px; border-bottom: 4px solid #c9a227; }
header p { margin: 0; font-weight: bold; font-size: 20px; }
header a { color: #fff; text-decoration: none; }
main { max-width: 36rem; margin: 32px auto; padding: 0 20px; }
h1 { font-size: 26px; margin: 0 0 16px; }
button { font: inherit; padding: 12px 22px; background: #0b2545; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
button:focus-visible, input:focus-visible { outline: 3px solid #c9a227; outline-offset: 2px; }
label { display: block; margin: 16px 0 4px; font-weight: bold; }
input[type=email], input[type=text] { font: inherit; width: 100%; max-width: 24rem; padding: 8px; border: 1px solid #5b6675; border-radius: 4px; box-sizing: border-box; }
.trap { position: absolute; left: -10000px; }
.note { font-size: 16px; color: #4a5565; }
</style>
</head>
<body>
<header><p><a href="/">${escapeHtml(lodgeName)}</a></p></header>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function answer(reply: FastifyReply, status: number, html: string): string {
  reply.code(status);
  reply.header("content-type", "text/html; charset=utf-8");
  reply.header("cache-control", "no-store");
  reply.header("referrer-policy", "no-referrer");
  return html;
}
