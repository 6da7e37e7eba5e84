import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Client, startServer, type TestServer } from "./support/api-harness.ts";

const HYDRATION = 'window.__reactRouterContext = {"basename":"/"};';
const BUNDLE = `console.log(${JSON.stringify("lodge ".repeat(2000))});`;

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "lodge-site-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, "dist", path)), { recursive: true });
    writeFileSync(join(dir, "dist", path), text);
  }
  return dir;
}

const FILES = {
  "index.html": `<!doctype html><html><body><h1>Hillcrest</h1><script>${HYDRATION}</script><script type="module" src="/assets/app-3f9a1c.js"></script></body></html>`,
  "about-us/index.html": "<!doctype html><h1>About us</h1>",
  "about-us.data": '[{"_1":2}]',
  "assets/app-3f9a1c.js": BUNDLE,
  "media/petition.pdf": "%PDF-1.4",
  "media/images/history/hall-1889-1f2e3d4c-640.webp": "RIFF....WEBP",
  "media/images/history/hall-1889.jpg": "JFIF",
  "404.html": "<!doctype html><h1>Page not found</h1>",
  "feed.xml": '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"/>',
  "sitemap.xml": '<?xml version="1.0" encoding="UTF-8"?><urlset/>',
};

let server: TestServer | undefined;
let dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

async function serve(files: Record<string, string> | undefined) {
  const dir = files ? site(files) : mkdtempSync(join(tmpdir(), "lodge-site-"));
  dirs.push(dir);
  server = await startServer({ dir });
  return { s: server, client: new Client(server.url) };
}

describe("serving the built site", () => {
  it("serves the news feed as Atom, which feed readers look for, and the sitemap as XML", async () => {
    const { client } = await serve(FILES);
    const feed = await client.get("/feed.xml");
    expect([feed.status, feed.headers.get("content-type")]).toEqual([
      200,
      "application/atom+xml; charset=utf-8",
    ]);
    const sitemap = await client.get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toMatch(/^application\/xml/);
  });

  it("serves pages to revalidate on each visit, with a policy allowing only their own inline scripts", async () => {
    const { client } = await serve(FILES);
    const home = await client.get("/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("<h1>Hillcrest</h1>");
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(home.headers.get("set-cookie")).toMatch(/^XSRF-TOKEN=/);
    const hash = createHash("sha256").update(HYDRATION).digest("base64");
    expect(home.headers.get("content-security-policy")).toContain(
      `script-src 'self' 'sha256-${hash}'`,
    );
    expect(home.headers.get("content-security-policy")).toContain(
      "frame-src 'self' https://maps.google.com",
    );
  });

  it("caches hashed assets and the pictures' web sizes for a year, pages' data never, other files for an hour, and compresses assets", async () => {
    const { client } = await serve(FILES);
    const asset = await client.get("/assets/app-3f9a1c.js", { "accept-encoding": "gzip" });
    expect(asset.status).toBe(200);
    expect(asset.body).toBe(BUNDLE);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    const pdf = await client.get("/media/petition.pdf");
    expect(pdf.headers.get("cache-control")).toBe("public, max-age=3600");
    const picture = await client.get("/media/images/history/hall-1889-1f2e3d4c-640.webp");
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const original = await client.get("/media/images/history/hall-1889.jpg");
    expect(original.headers.get("cache-control")).toBe("public, max-age=3600");
    // A page's navigation data changes with the page.
    const data = await client.get("/about-us.data");
    expect(data.headers.get("cache-control")).toBe("no-cache");
  });

  it("finds a page by its path without the trailing slash", async () => {
    const { client } = await serve(FILES);
    for (const path of ["/about-us", "/about-us/"]) {
      const page = await client.get(path);
      expect({ status: page.status, body: page.body }).toEqual({
        status: 200,
        body: "<!doctype html><h1>About us</h1>",
      });
    }
  });

  it("answers an unknown page with the site's 404 page, and never a file outside the site", async () => {
    const { client } = await serve(FILES);
    const missing = await client.get("/no-such-page");
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: "<!doctype html><h1>Page not found</h1>",
    });
    const outside = await client.get("/..%2f..%2flodge.db");
    expect(outside.status).toBe(404);
    expect(outside.body).not.toContain("SQLite");
  });

  it("sends to the home page when the site has no 404 page", async () => {
    const { client } = await serve({ "index.html": "<h1>Home</h1>" });
    const missing = await client.get("/no-such-page");
    expect(missing.status).toBe(302);
    expect(missing.headers.get("location")).toBe("/");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { client } = await serve(FILES);
    expect(await client.get("/mj/api/nothing")).toMatchObject({
      status: 404,
      body: { message: "There is nothing at /mj/api/nothing." },
    });
  });

  it("serves the API alone, and says why, while the site has not been built", async () => {
    const { client } = await serve(undefined);
    expect(await client.get("/")).toMatchObject({
      status: 404,
      body: {
        message:
          "The site has not been built yet: run lodge build, then start lodge serve again. The API answers under /mj/api/ and /sheets/api/.",
      },
    });
    expect((await client.get("/sheets/api/read")).status).toBe(200);
  });

  it("serves SPEC 7's past-master list from the lodge's own list, with the placeholder portrait", async () => {
    const { client } = await serve(FILES);
    const response = await client.get("/assets/data/past-master-list.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const list = response.body as { number: number; name: string; term: string; imgUrl: string }[];
    expect(list.length).toBe(159);
    expect(list[0]).toEqual({
      number: 0,
      name: "Charles R. Robinson",
      term: "U.D. 1867",
      imgUrl: "default-portrait.jpg",
    });
    expect(list.find((master) => master.number === 138)).toMatchObject({ imgUrl: "pm-138.jpg" });
  });
});
