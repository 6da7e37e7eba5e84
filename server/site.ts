import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isApiPath } from "../core/api/addresses.ts";
import { parseSiteMark, SITE_MARK, type SiteMark } from "../core/places.ts";
import { cacheControlOf } from "../core/rules/caching.ts";
import { NEWS_FEED, NEWS_FEED_CONTENT_TYPE } from "../core/rules/feed.ts";
import { type Directives, pagePolicy } from "./security/csp.ts";

/** The lodge the built site says it was built for, if it says so. */
export function siteMark(dist: string): SiteMark | undefined {
  const file = join(dist, SITE_MARK);
  return existsSync(file) ? parseSiteMark(readFileSync(file, "utf8")) : undefined;
}

/** The file inside dist for a page's address (relative to dist), or undefined; never one outside it. */
export function sitePageFile(dist: string, url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(url.split("?")[0] ?? "/");
  } catch {
    return undefined;
  }
  const base = normalize(join(dist, path));
  if (base !== dist && !base.startsWith(dist + sep)) return undefined;
  for (const candidate of [join(base, "index.html"), `${base.replace(/[\\/]+$/, "")}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(dist, candidate);
  }
  return undefined;
}

/**
 * Serves the built site from `dist`: hashed files under /assets/ cached for a year, pages
 * revalidated on each visit, each page with a policy that allows its own inline scripts and no
 * others. `/about` finds about/index.html or about.html; an unknown page gets the site's
 * 404.html (or its SPA fallback), else a redirect to the home page.
 */
export async function registerSite(
  app: FastifyInstance,
  dist: string,
  directives: () => Directives,
): Promise<void> {
  const policies = new Map<string, { mtimeMs: number; site: Directives; policy: string }>();
  const policyFor = (file: string, mtimeMs: number) => {
    const site = directives();
    const known = policies.get(file);
    if (known && known.mtimeMs === mtimeMs && known.site === site) return known.policy;
    const policy = pagePolicy(site, readFileSync(file, "utf8"));
    policies.set(file, { mtimeMs, site, policy });
    return policy;
  };

  await app.register(fastifyStatic, {
    root: dist,
    prefix: "/",
    index: ["index.html"],
    redirect: false,
    cacheControl: false,
    preCompressed: true,
    serveDotFiles: false,
    setHeaders(reply, file, stat) {
      const path = relative(dist, file).split(sep).join("/");
      reply.header("cache-control", cacheControlOf(path));
      // The news feed is an .xml file that feed readers want named as Atom.
      if (path === NEWS_FEED.slice(1)) reply.header("content-type", NEWS_FEED_CONTENT_TYPE);
      if (path.endsWith(".html")) {
        reply.header("content-security-policy", policyFor(file, stat.mtimeMs));
      }
    },
  });

  const pageFile = (url: string) => sitePageFile(dist, url);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ message: `There is nothing at ${request.url.split("?")[0]}.` });
    }
    const page = pageFile(request.url);
    if (page) return reply.sendFile(page);
    for (const [fallback, status] of [
      ["404.html", 404],
      ["__spa-fallback.html", 200],
    ] as const) {
      if (existsSync(join(dist, fallback))) return reply.code(status).sendFile(fallback);
    }
    return reply.redirect("/", 302);
  });
}
