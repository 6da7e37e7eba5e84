import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE, serveInProcess as serve } from "../../test/support/cli-harness.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("lodge serve", () => {
  it("serves the site and the API from the flags' folders until stopped, and says where", async () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-serve-"));
    mkdirSync(join(dir, "site"));
    writeFileSync(join(dir, "site", "index.html"), "<h1>Hillcrest</h1>");
    const run = serve(dir, [
      "--data",
      SAMPLE,
      "--dist",
      "site",
      "--port",
      "0",
      "--db",
      "state/lodge.db",
      "--outbox",
      "state/mail",
    ]);
    const url = await Promise.race([run.started, run.exit.then(() => "")]);
    expect(run.stderr).toEqual([]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The address is said once: fastify's own "Server listening at" line says nothing more.
    expect(run.stdout.filter((line) => line.includes(url))).toEqual([
      `Serving Hillcrest Lodge No. 586 at ${url}`,
    ]);
    const lines = run.stdout.filter((line) => !line.startsWith("{"));
    expect(lines).toEqual([
      `Serving Hillcrest Lodge No. 586 at ${url}`,
      "  site:  site",
      "  mail:  state/mail (no SMTP_URL: mail is written there as .eml files)",
      "  data:  state/lodge.db",
      "Press Ctrl-C to stop.",
    ]);
    const home = await fetch(`${url}/`);
    expect(await home.text()).toBe("<h1>Hillcrest</h1>");
    const read = await fetch(`${url}/sheets/api/read`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ guestLimit: 70 });
    run.stop();
    expect(await run.exit).toBe(0);
    expect(run.stdout.at(-1)).toBe("Stopped. Mail not yet sent stays queued for the next start.");
  });

  it("refuses a bad setting from the environment before starting, naming the variable", async () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-serve-"));
    const run = serve(dir, ["--data", SAMPLE], { PORT: "eighty", RATE_LIMIT_MAX: "0" });
    expect(await run.exit).toBe(2);
    expect(run.stderr).toEqual([
      'PORT: expected a port, found "eighty"',
      'RATE_LIMIT_MAX: expected a number of requests from 1 to 100000, found "0"',
    ]);
  });

  it("refuses to serve a data folder with errors, and serves nothing", async () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-serve-"));
    const run = serve(dir, ["--data", "missing", "--port", "0"]);
    expect(await run.exit).toBe(1);
    expect(run.stderr.at(-1)).toBe("missing has an error (listed above). Nothing was served.");
  });

  it("says in one sentence that the port is taken, and how to choose another", async () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-serve-"));
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const { port } = other.address() as AddressInfo;
    try {
      const run = serve(dir, ["--data", SAMPLE, "--port", String(port), "--db", "state/lodge.db"]);
      expect(await run.exit).toBe(1);
      expect(run.stderr).toEqual([`port ${port} is in use; stop the other program or pass --port`]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("prints one short line per request on a terminal, and JSON lines without names otherwise", async () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-serve-"));
    const argv = ["--data", SAMPLE, "--port", "0", "--db", "state/lodge.db", "--dist", "none"];
    for (const [terminal, flags] of [
      [true, []],
      [false, ["--log", "text"]],
    ] as const) {
      const run = serve(dir, [...argv, ...flags], {}, terminal);
      const url = await run.started;
      await fetch(`${url}/sheets/api/read?event=nothing&email=ann@example.org`);
      await fetch(`${url}/mj/api/form-token`);
      run.stop();
      await run.exit;
      const requests = run.stdout.filter((line) => /^(GET|POST) /.test(line));
      expect(requests.map((line) => line.replace(/\d+ ms$/, "N ms"))).toEqual([
        "GET /sheets/api/read 404 N ms",
        "GET /mj/api/form-token 200 N ms",
      ]);
      expect(run.stdout.some((line) => line.startsWith("{"))).toBe(false);
    }
    const piped = serve(dir, argv);
    const url = await piped.started;
    await fetch(`${url}/sheets/api/read?email=ann@example.org`);
    piped.stop();
    await piped.exit;
    const json = piped.stdout
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(json.find((line) => line.msg === "request answered")).toMatchObject({
      req: { method: "GET", url: "/sheets/api/read" },
      res: { statusCode: 200 },
    });
    expect(piped.stdout.join("\n")).not.toContain("ann@example.org");
  });
});
