import { afterEach, describe, expect, it } from "vitest";
import type { AppConfig } from "../server/config.ts";
import { startServer, type TestServer } from "./support/api-harness.ts";

/**
 * A server behind a reverse proxy it does not believe says so, once, with what to set: without
 * it, every visitor counts as the proxy's one address.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const VISITORS = ["203.0.113.7", "198.51.100.23", "192.0.2.44"];

/** The lines the server logged about the proxy, after three visitors' requests. */
async function hintsAfterVisits(trustProxy: AppConfig["trustProxy"]): Promise<string[]> {
  const logged: string[] = [];
  server = await startServer({
    config: { trustProxy },
    logger: { level: "info", stream: { write: (line) => void logged.push(line) } },
  });
  for (const address of VISITORS) {
    await server.client(address);
  }
  return logged.filter((line) => JSON.parse(line).setting === "TRUST_PROXY");
}

describe("X-Forwarded-For that the server does not believe", () => {
  it("is told once, without an address, with what to set when TRUST_PROXY is not set", async () => {
    const hints = await hintsAfterVisits(false);
    expect(hints.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 40,
        setting: "TRUST_PROXY",
        msg: "Requests arrive with an X-Forwarded-For header, but TRUST_PROXY is not set: every visitor counts as the address in front of lodge serve, so the seats and requests one address may have are the whole site's. Behind a reverse proxy, set TRUST_PROXY to its address (e.g. TRUST_PROXY=127.0.0.1) and restart; with nothing in front, leave it unset.",
      }),
    ]);
    for (const address of VISITORS) expect(hints[0]).not.toContain(address);
  });

  it("is told once when TRUST_PROXY names another address than the proxy's", async () => {
    const hints = await hintsAfterVisits("10.0.0.0/8");
    expect(hints.map((line) => JSON.parse(line).msg)).toEqual([
      "Requests arrive with an X-Forwarded-For header from an address TRUST_PROXY does not name: each such visitor counts as that address, so the seats and requests one address may have are shared by all who come through it. Add the proxy's address to TRUST_PROXY and restart.",
    ]);
  });

  it("is not told when TRUST_PROXY names the proxy", async () => {
    expect(await hintsAfterVisits("127.0.0.1")).toEqual([]);
    await server?.close();
    expect(await hintsAfterVisits(true)).toEqual([]);
  });
});
