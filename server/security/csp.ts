import { createHash } from "node:crypto";
import type { LodgeData } from "../../core/schemas/index.ts";

function originOf(address: string | undefined): string | undefined {
  if (!address || !/^https?:\/\//.test(address)) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== undefined))];
}

export type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every page, from the lodge's own data: frames only from the map
 * and video addresses it embeds (plus Google Maps, which an embed redirects to, and
 * youtube-nocookie), images from the site and the media buckets it names, analytics only when
 * the lodge has an id.
 */
export function cspDirectives(data: LodgeData): Directives {
  const { lodge } = data;
  const analytics = lodge.analyticsId !== "";
  const videos = Object.values(data.pages).map((page) => originOf(page.video?.src));
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
    "script-src": unique(["'self'", analytics ? "https://www.googletagmanager.com" : undefined]),
    // React writes style attributes; styles cannot run code, so inline styles are allowed.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": unique([
      "'self'",
      "data:",
      ...Object.values(lodge.media).map(originOf),
      analytics ? "https://*.google-analytics.com" : undefined,
      analytics ? "https://*.googletagmanager.com" : undefined,
    ]),
    "font-src": ["'self'", "data:"],
    "connect-src": unique([
      "'self'",
      originOf(lodge.apiBase),
      ...Object.values(lodge.media).map(originOf),
      analytics ? "https://*.google-analytics.com" : undefined,
      analytics ? "https://*.analytics.google.com" : undefined,
      analytics ? "https://*.googletagmanager.com" : undefined,
    ]),
    "frame-src": unique([
      "'self'",
      originOf(lodge.address.mapEmbed),
      "https://www.google.com",
      "https://maps.google.com",
      "https://www.youtube-nocookie.com",
      ...videos,
    ]),
  };
}

export function cspHeader(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The hashes of a prerendered page's inline scripts (the router's hydration data), so that page's
 * policy can allow exactly those scripts instead of every inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/** The policy of one page: the site's policy plus that page's own inline scripts. */
export function pagePolicy(directives: Directives, html: string): string {
  const hashes = inlineScriptHashes(html);
  if (hashes.length === 0) return cspHeader(directives);
  return cspHeader({
    ...directives,
    "script-src": [...(directives["script-src"] ?? ["'self'"]), ...hashes],
  });
}
