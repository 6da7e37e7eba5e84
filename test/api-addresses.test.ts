import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIXES, apiAddressesOf, isApiPath } from "../core/api/addresses.ts";
import { API_ROUTES } from "../core/api/routes.ts";
import { startServer, type TestServer } from "./support/api-harness.ts";

/**
 * Where the API answers is read from the route table (core/api/routes.ts), so a route declared
 * under a new prefix is tracked in flight, answered no-store and given the API's 404 with no
 * other change; a list of prefixes kept by hand let such a route fall to the site's pages.
 */
describe("the API's addresses, read from the route table", () => {
  it("are each route's prefix up to its api/, and a route outside any at its own path only", () => {
    expect([...API_PREFIXES].sort()).toEqual(["/mj/api/", "/sheets/api/"]);
    const { prefixes, isApiPath: isOurs } = apiAddressesOf({
      ...API_ROUTES,
      roll: { path: "/lodge/api/members" },
    });
    expect(prefixes).toContain("/lodge/api/");
    expect(isOurs("/lodge/api/nothing?x=1")).toBe(true);
    expect(isOurs("/lodge/about")).toBe(false);
    expect(isApiPath("/lodge/api/nothing")).toBe(false);
    expect(isApiPath("/assets/data/past-master-list.json?v=2")).toBe(true);
    expect(isApiPath("/assets/data/other.json")).toBe(false);
    expect(isApiPath("/mj/about")).toBe(false);
  });

  describe("on the server, with a built site whose pages would otherwise answer", () => {
    let server: TestServer;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "lodge-addresses-"));
      mkdirSync(join(dir, "dist"));
      writeFileSync(join(dir, "dist", "index.html"), "<!doctype html><title>Hillcrest</title>");
      writeFileSync(join(dir, "dist", "404.html"), "<!doctype html><title>Not found</title>");
      server = await startServer({ dir });
    });
    afterAll(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("answers an unknown address under every route's prefix with the API's 404, no-store", async () => {
      const client = await server.client();
      for (const route of Object.values(API_ROUTES)) {
        const at = route.path.indexOf("/api/");
        if (at < 0) continue;
        const address = `${route.path.slice(0, at)}/api/no-such-route`;
        const missing = await client.get(address);
        expect(missing.status, address).toBe(404);
        expect(missing.headers.get("cache-control"), address).toBe("no-store");
        expect(missing.body, address).toEqual({ message: `There is nothing at ${address}.` });
      }
    });

    it("answers every route's own refusals no-store, and a route outside the prefixes as the API", async () => {
      const client = await server.client();
      for (const [name, route] of Object.entries(API_ROUTES)) {
        const answer =
          route.method === "POST" ? await client.post(route.path, { wrong: true }) : undefined;
        if (answer) {
          expect(answer.status, name).toBeGreaterThanOrEqual(400);
          expect(answer.headers.get("cache-control"), name).toBe("no-store");
        }
      }
      const posted = await client.post(API_ROUTES.pastMasterList.path, {});
      expect(posted.status).toBe(404);
      expect(posted.body).toEqual({
        message: `There is nothing at ${API_ROUTES.pastMasterList.path}.`,
      });
    });
  });
});
