/**
 * Where the API answers, for the server (its in-flight tracking, no-store and the API's 404):
 * apart from routes.ts, which the site's pages load, so that none of this reaches their script.
 */
import { API_ROUTES } from "./routes.ts";

type RouteTable = Readonly<Record<string, { path: string }>>;

/**
 * Where a table's API answers, read from its routes' paths so that a route under a new prefix is
 * the API's the moment it is declared: each path's part up to its api/ ('/mj/api/',
 * '/sheets/api/'), under which every address is the API's (an unknown one is its 404, never a
 * page), and a path outside any such prefix (the old site's past-master file, under the site's
 * /assets/) as itself only.
 */
export function apiAddressesOf(routes: RouteTable): {
  prefixes: readonly string[];
  isApiPath: (url: string) => boolean;
} {
  const paths = Object.values(routes).map((route) => route.path);
  const prefixes = [
    ...new Set(
      paths.flatMap((path) => {
        const at = path.indexOf("/api/");
        return at < 0 ? [] : [path.slice(0, at + "/api/".length)];
      }),
    ),
  ];
  const own = new Set(paths.filter((path) => !prefixes.some((prefix) => path.startsWith(prefix))));
  return {
    prefixes,
    isApiPath: (url) =>
      prefixes.some((prefix) => url.startsWith(prefix)) || own.has(url.split("?", 1)[0] ?? url),
  };
}

const API_ADDRESSES = apiAddressesOf(API_ROUTES);
/** The prefixes under which the API answers: '/mj/api/' and '/sheets/api/'. */
export const API_PREFIXES = API_ADDRESSES.prefixes;
/** Whether a request's address is the API's: never a page of the site. */
export const isApiPath = API_ADDRESSES.isApiPath;
