import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, sampleCopy } from "../../test/cli-harness.ts";
import { type FakeStorage, fakeStorage } from "../../test/fake-storage.ts";

let sample: ReturnType<typeof sampleCopy>;
let storage: FakeStorage;
beforeEach(async () => {
  sample = sampleCopy();
  storage = await fakeStorage(["hillcrest-site", "hillcrest-bulletins"]);
});
afterEach(async () => {
  await storage.close();
  sample.cleanup();
});

/** A small built site: pages, navigation data, hashed assets, a media file and a plain file. */
const SITE: Record<string, string> = {
  "index.html": "<h1>Hillcrest</h1>",
  "404.html": "<h1>Hillcrest</h1>",
  "_root.data": '[{"_1":2}]',
  "about-us/index.html": "<h1>About us</h1>",
  "about-us.data": '[{"_3":4}]',
  "assets/entry-Bx1c2D3e.js": "console.log('hydrate');",
  "assets/root-Ab12Cd34.css": "body{margin:0}",
  "media/petition.pdf": "%PDF-1.4 petition",
  "robots.txt": "User-agent: *\nAllow: /\n",
};
const SITE_BYTES = Object.values(SITE).reduce((total, text) => total + Buffer.byteLength(text), 0);

function writeSite(files: Record<string, string> = SITE): void {
  for (const [path, text] of Object.entries(files)) {
    const file = join(sample.root, "dist", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

const publish = (...argv: string[]) =>
  lodge(sample.root, "publish", "--endpoint", storage.url, ...argv);
const uploads = () => storage.calls.filter((call) => call.startsWith("upload "));
const objects = (bucket: string) => storage.buckets.get(bucket) ?? new Map();

describe("lodge publish to a Cloud Storage bucket", () => {
  it("uploads every file with its content type and cache header, pages last; then nothing when nothing changed", async () => {
    writeSite();
    const first = await publish("--target", "gs://hillcrest-site");
    expect(first.stderr).toEqual([]);
    expect(first.stdout).toEqual([
      `gs://hillcrest-site from dist: 9 files to upload (${SITE_BYTES} B), 0 unchanged.`,
      `Published: 9 uploaded (${SITE_BYTES} B), 0 unchanged, 0 deleted.`,
    ]);
    expect(first.code).toBe(0);
    const stored = Object.fromEntries(
      [...objects("hillcrest-site")].map(([name, object]) => [
        name,
        [object.contentType, object.cacheControl],
      ]),
    );
    expect(stored).toEqual({
      "index.html": ["text/html; charset=utf-8", "no-cache"],
      "404.html": ["text/html; charset=utf-8", "no-cache"],
      "_root.data": ["text/x-script", "no-cache"],
      "about-us/index.html": ["text/html; charset=utf-8", "no-cache"],
      "about-us.data": ["text/x-script", "no-cache"],
      "assets/entry-Bx1c2D3e.js": [
        "text/javascript; charset=utf-8",
        "public, max-age=31536000, immutable",
      ],
      "assets/root-Ab12Cd34.css": [
        "text/css; charset=utf-8",
        "public, max-age=31536000, immutable",
      ],
      "media/petition.pdf": ["application/pdf", "public, max-age=86400"],
      "robots.txt": ["text/plain; charset=utf-8", "public, max-age=3600"],
    });
    expect(objects("hillcrest-site").get("about-us/index.html")?.content.toString()).toBe(
      "<h1>About us</h1>",
    );
    // Pages go last, so none links to an asset that is not there yet.
    expect(uploads().slice(-5).sort()).toEqual(
      ["404.html", "_root.data", "about-us.data", "about-us/index.html", "index.html"].map(
        (name) => `upload hillcrest-site ${name}`,
      ),
    );

    storage.calls.length = 0;
    const second = await publish("--target", "gs://hillcrest-site");
    expect(second.stdout).toEqual([
      "gs://hillcrest-site from dist: 0 files to upload (0 B), 9 unchanged.",
      "Published: 0 uploaded (0 B), 9 unchanged, 0 deleted.",
    ]);
    expect(second.code).toBe(0);
    expect(storage.calls).toEqual(["list hillcrest-site"]);
  });

  it("uploads only the files whose content changed, and deletes files gone from the build only with --prune", async () => {
    writeSite();
    await publish("--target", "gs://hillcrest-site/www");
    rmSync(join(sample.root, "dist", "robots.txt"));
    rmSync(join(sample.root, "dist", "assets", "entry-Bx1c2D3e.js"));
    writeSite({
      "index.html": "<h1>Hillcrest Lodge</h1>",
      "assets/entry-Zz9y8X7w.js": "console.log('hydrate again');",
    });
    storage.calls.length = 0;

    const changed = await publish("--target", "gs://hillcrest-site/www");
    expect(changed.stdout).toEqual([
      "gs://hillcrest-site/www from dist: 2 files to upload (53 B), 6 unchanged.",
      "Published: 2 uploaded (53 B), 6 unchanged, 0 deleted.",
      "2 files are no longer in the build; lodge publish --prune deletes them.",
    ]);
    expect(uploads()).toEqual([
      "upload hillcrest-site www/assets/entry-Zz9y8X7w.js",
      "upload hillcrest-site www/index.html",
    ]);
    expect(objects("hillcrest-site").has("www/robots.txt")).toBe(true);

    storage.calls.length = 0;
    const pruned = await publish("--target", "gs://hillcrest-site/www", "--prune");
    expect(pruned.stdout).toEqual([
      "gs://hillcrest-site/www from dist: 0 files to upload (0 B), 8 unchanged, 2 to delete.",
      "Published: 0 uploaded (0 B), 8 unchanged, 2 deleted.",
    ]);
    expect(storage.calls.filter((call) => call.startsWith("delete")).sort()).toEqual([
      "delete hillcrest-site www/assets/entry-Bx1c2D3e.js",
      "delete hillcrest-site www/robots.txt",
    ]);
    expect([...objects("hillcrest-site").keys()].sort()).toEqual(
      [
        "404.html",
        "_root.data",
        "about-us.data",
        "about-us/index.html",
        "assets/entry-Zz9y8X7w.js",
        "assets/root-Ab12Cd34.css",
        "index.html",
        "media/petition.pdf",
      ].map((name) => `www/${name}`),
    );
  });

  it("--dry-run lists what would be uploaded and deleted, and changes nothing", async () => {
    writeSite();
    await publish("--target", "gs://hillcrest-site");
    rmSync(join(sample.root, "dist", "robots.txt"));
    writeSite({ "about-us/index.html": "<h1>About the lodge</h1>" });
    const before = new Map(objects("hillcrest-site"));
    storage.calls.length = 0;

    const dry = await publish("--target", "gs://hillcrest-site", "--dry-run", "--prune");
    expect(dry.stdout).toEqual([
      "gs://hillcrest-site from dist: 1 file to upload (24 B), 7 unchanged, 1 to delete.",
      "  upload  about-us/index.html  (changed, 24 B)",
      "  delete  robots.txt",
      "Dry run: 1 would be uploaded (24 B), 7 unchanged, 1 would be deleted. Nothing was uploaded.",
    ]);
    expect(dry.code).toBe(0);
    expect(storage.calls).toEqual(["list hillcrest-site", "testPermissions hillcrest-site"]);
    expect(objects("hillcrest-site")).toEqual(before);
  });

  it("publishes the media lodge.yaml serves from their own bucket there, with lodge.yaml naming the buckets", async () => {
    writeSite();
    const lodgeYaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write(
      "lodge.yaml",
      `${lodgeYaml.replace(
        "bulletins: /media/bulletins/",
        "bulletins: https://storage.googleapis.com/hillcrest-bulletins/",
      )}\npublish:\n  site: gs://hillcrest-site\n  bulletins: gs://hillcrest-bulletins\n`,
    );
    const pdfs = readdirSync(join(sample.data, "bulletins")).sort();

    const result = await publish();
    expect(result.stderr).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout[1]).toMatch(
      new RegExp(`^gs://hillcrest-bulletins from data/bulletins: ${pdfs.length} files to upload`),
    );
    expect([...objects("hillcrest-bulletins").keys()].sort()).toEqual(pdfs);
    const first = objects("hillcrest-bulletins").get(pdfs[0] ?? "");
    expect([first?.contentType, first?.cacheControl]).toEqual([
      "application/pdf",
      "public, max-age=86400",
    ]);
  });
});

describe("lodge publish checks before it uploads", () => {
  it("lists every problem at once and uploads nothing", async () => {
    const lodgeYaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write(
      "lodge.yaml",
      `${lodgeYaml.replace(
        "albums: /media/albums/",
        "albums: https://storage.googleapis.com/hillcrest-albums/",
      )}\npublish:\n  site: gs://hillcrest-www\n`,
    );

    const result = await publish();
    expect(result.stderr).toEqual([
      "dist does not exist; run lodge build first, or give the built site with --dist DIR",
      'lodge.yaml serves albums from https://storage.googleapis.com/hillcrest-albums/, outside the site, but names no bucket for them under publish:; add "albums: gs://BUCKET" there in data/lodge.yaml',
      "gs://hillcrest-www: the bucket hillcrest-www does not exist; create it (gcloud storage buckets create gs://hillcrest-www) or correct the name",
      "Nothing was uploaded.",
    ]);
    expect(result.code).toBe(1);
    expect(uploads()).toEqual([]);
  });

  it("fails the check when the storage service cannot be reached, with nothing uploaded", async () => {
    writeSite();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));

    const result = await lodge(
      sample.root,
      "publish",
      "--target",
      "gs://hillcrest-site",
      "--endpoint",
      `http://127.0.0.1:${port}`,
    );
    expect(result.stderr).toEqual([
      `gs://hillcrest-site: could not reach the storage service at http://127.0.0.1:${port} (ECONNREFUSED); check the address given with --endpoint, and that the service is running`,
      "Nothing was uploaded.",
    ]);
    expect(result.code).toBe(1);
  });

  it("refuses when the account may not write to the bucket", async () => {
    writeSite();
    storage.denied.add("storage.objects.create");
    const result = await publish("--target", "gs://hillcrest-site");
    expect(result.stderr).toEqual([
      "gs://hillcrest-site: this account may not write objects in the bucket hillcrest-site (missing storage.objects.create); grant it the role Storage Object Admin on the bucket",
      "Nothing was uploaded.",
    ]);
    expect(result.code).toBe(1);
    expect(uploads()).toEqual([]);
  });

  it("says what state a failure midway left, and a rerun finishes the job", async () => {
    writeSite();
    storage.failUpload = (name) => name === "assets/root-Ab12Cd34.css";
    const failed = await publish("--target", "gs://hillcrest-site");
    expect(failed.stderr[0]).toMatch(
      /^gs:\/\/hillcrest-site: assets\/root-Ab12Cd34\.css failed: .*Service Unavailable/,
    );
    expect(failed.stderr.slice(1)).toEqual([
      "Publishing stopped partway: 3 of 9 files uploaded, 1 failed (listed above), 5 not attempted.",
      "The pages were not uploaded, so visitors still see the previous version of the site.",
      "Run the same command again to finish: files already uploaded are skipped.",
    ]);
    expect(failed.code).toBe(1);
    expect([...objects("hillcrest-site").keys()].sort()).toEqual([
      "assets/entry-Bx1c2D3e.js",
      "media/petition.pdf",
      "robots.txt",
    ]);

    storage.failUpload = () => false;
    const rerun = await publish("--target", "gs://hillcrest-site");
    expect(rerun.stdout.at(-1)).toBe("Published: 6 uploaded (87 B), 3 unchanged, 0 deleted.");
    expect(objects("hillcrest-site").size).toBe(9);
  });
});

describe("lodge publish to a folder", () => {
  it("copies the changed files, and with --prune removes old files and the folders they leave empty", async () => {
    writeSite();
    const first = await lodge(sample.root, "publish", "--target", "file://public");
    expect(first.stdout).toEqual([
      `file://${join(sample.root, "public")} from dist: 9 files to upload (${SITE_BYTES} B), 0 unchanged.`,
      `Published: 9 uploaded (${SITE_BYTES} B), 0 unchanged, 0 deleted.`,
    ]);
    expect(readFileSync(join(sample.root, "public", "about-us", "index.html"), "utf8")).toBe(
      "<h1>About us</h1>",
    );
    rmSync(join(sample.root, "dist", "about-us"), { recursive: true });
    writeSite({ "index.html": "<h1>Home</h1>" });

    const second = await lodge(sample.root, "publish", "--target", "file://public", "--prune");
    expect(second.stdout.at(-1)).toBe("Published: 1 uploaded (13 B), 7 unchanged, 1 deleted.");
    expect(existsSync(join(sample.root, "public", "about-us"))).toBe(false);
    expect(readFileSync(join(sample.root, "public", "index.html"), "utf8")).toBe("<h1>Home</h1>");
  });

  it("refuses a folder inside the built site", async () => {
    writeSite();
    const result = await lodge(sample.root, "publish", "--target", "file://dist/copy");
    expect(result.stderr).toEqual([
      `the target file://${join(sample.root, "dist", "copy")} overlaps dist; publish to a folder outside it`,
      "Nothing was uploaded.",
    ]);
    expect(result.code).toBe(1);
  });
});

describe("lodge publish usage", () => {
  it("asks for a target when neither --target nor lodge.yaml gives one (exit 2)", async () => {
    writeSite();
    const result = await lodge(sample.root, "publish");
    expect(result.stderr).toEqual([
      'Say where to publish: --target gs://BUCKET (or file://DIR), or "site: gs://BUCKET" under publish: in data/lodge.yaml.',
    ]);
    expect(result.code).toBe(2);
  });

  it("refuses a target it cannot read (exit 2)", async () => {
    const result = await lodge(sample.root, "publish", "--target", "s3://hillcrest");
    expect(result.stderr).toEqual([
      '--target: expected gs://BUCKET[/prefix] or file://DIR, found "s3://hillcrest"',
    ]);
    expect(result.code).toBe(2);
  });

  it("shows an example in its help", async () => {
    const result = await lodge(sample.root, "publish", "--help");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("  lodge publish --target gs://hillcrest-site --dry-run");
  });
});
