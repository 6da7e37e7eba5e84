import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize, relative, sep } from "node:path";
import { contentType } from "../../../cli/publish/local-files.ts";

/** Every page the build wrote into `dist` but its root, as its address ('/home'), sorted. */
export function builtPages(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === "index.html" && e.parentPath !== dist)
    .map((e) => `/${relative(dist, e.parentPath).split(sep).join("/")}`)
    .sort();
}

/**
 * The built pages with one template per kind of data page: of the events' and outings' pages
 * (one per event in the data, past ones kept), only the oldest (taken place) and the latest (to
 * come); a page per album stays, as albums differ in their pictures. For the checks that open
 * every page in a browser (axe, screenshots), which would otherwise spend minutes on copies.
 */
export function builtPageKinds(dist: string): string[] {
  const pages = builtPages(dist);
  const kind = (path: string) => {
    const match = /^\/(events|social-events)\/[^/]+(\/rsvp|\/waitlist)?$/.exec(path);
    return match ? `${match[1]}${match[2] ?? ""}` : undefined;
  };
  const byKind = new Map<string, string[]>();
  for (const path of pages) {
    const own = kind(path);
    if (own) byKind.set(own, [...(byKind.get(own) ?? []), path]);
  }
  const kept = new Set([...byKind.values()].flatMap((list) => [list[0], list.at(-1)]));
  return pages.filter((path) => !kind(path) || kept.has(path));
}

/**
 * A static host for the built site, as simple as a bucket: a path serves its file, or its
 * folder's index.html; anything else gets 404.html with status 404.
 */
export async function serveStatic(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) {
      response.writeHead(403).end();
      return;
    }
    const candidates = [file, join(file, "index.html")];
    const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    const status = found ? 200 : 404;
    const served = found ?? join(root, "404.html");
    response.writeHead(status, {
      "Content-Type": contentType(served),
    });
    if (request.method === "HEAD") response.end();
    else createReadStream(served).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
