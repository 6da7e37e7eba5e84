import { existsSync } from "node:fs";
import fp from "fastify-plugin";
import { API_PREFIXES, isApiPath } from "../../core/api/addresses.ts";
import type { Directives } from "../security/csp.ts";
import { registerSite } from "../site.ts";

/**
 * The built site, when there is one; without it every other address answers a 404 that says
 * what to do (and the API's, what is not there).
 */
export const site = fp<{ distDir: string; directives: () => Directives }>(
  async (app, { distDir, directives }) => {
    if (existsSync(distDir)) {
      await registerSite(app, distDir, directives);
      return;
    }
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({
        message: isApiPath(request.url)
          ? `There is nothing at ${request.url.split("?")[0]}.`
          : `The site has not been built yet: run lodge build, then start lodge serve again. The API answers under ${API_PREFIXES.join(" and ")}.`,
      }),
    );
  },
);
