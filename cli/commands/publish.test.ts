import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lodge, sampleCopy } from "../../test/support/cli-harness.ts";
import { type FakeStorage, fakeStorage } from "../../test/support/fake-storage.ts";
import { readManifest } from "../images/cache.ts";

let sample: ReturnType<typeof sampleCopy>;
let storage: FakeStorage;
beforeEach(async () => {
  sample = sampleCopy();
  storage = await fakeStorage([
    "hillcrest-site",
    "hillcrest-bulletins",
    "hillcrest-albums",
    "hillcrest-thumbs",
  ]);
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

/** What a bucket stores of a file: text gzip-compressed (level 9), a PDF as it is. */
const inBucket = (path: string, text: string) =>
  path.endsWith(".pdf") ? Buffer.from(text) : gzipSync(text, { level: 9 });
const bucketBytes = (files: Record<string, string>) =>
  Object.entries(files).reduce((total, [path, text]) => total + inBucket(path, text).length, 0);
const BUCKET_BYTES = bucketBytes(SITE);

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
  it("uploads every file with its content type and cache header, text gzip-encoded, pages last; then nothing when nothing changed", async () => {
    writeSite();
    const first = await publish("--target", "gs://hillcrest-site");
    expect(first.stderr).toEqual([]);
    expect(first.stdout).toEqual([
      `gs://hillcrest-site from dist: 9 files to upload (${BUCKET_BYTES} B), 0 unchanged.`,
      `Published: 9 uploaded (${BUCKET_BYTES} B), 0 unchanged, 0 deleted.`,
    ]);
    expect(first.code).toBe(0);
    const stored = Object.fromEntries(
      [...objects("hillcrest-site")].map(([name, object]) => [
        name,
        [object.contentType, object.cacheControl, object.contentEncoding],
      ]),
    );
    const year = "public, max-age=31536000, immutable";
    expect(stored).toEqual({
      "index.html": ["text/html; charset=utf-8", "no-cache", "gzip"],
      "404.html": ["text/html; charset=utf-8", "no-cache", "gzip"],
      "_root.data": ["text/x-script", "no-cache", "gzip"],
      "about-us/index.html": ["text/html; charset=utf-8", "no-cache", "gzip"],
      "about-us.data": ["text/x-script", "no-cache", "gzip"],
      "assets/entry-Bx1c2D3e.js": ["text/javascript; charset=utf-8", year, "gzip"],
      "assets/root-Ab12Cd34.css": ["text/css; charset=utf-8", year, "gzip"],
      "media/petition.pdf": ["application/pdf", "public, max-age=3600", undefined],
      "robots.txt": ["text/plain; charset=utf-8", "public, max-age=3600", "gzip"],
    });
    for (const [path, text] of Object.entries(SITE)) {
      const object = objects("hillcrest-site").get(path);
      const content = object?.contentEncoding ? gunzipSync(object.content) : object?.content;
      expect(content?.toString()).toBe(text);
    }
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
    const bytes = bucketBytes({
      "index.html": "<h1>Hillcrest Lodge</h1>",
      "entry.js": "console.log('hydrate again');",
    });
    expect(changed.stdout).toEqual([
      `gs://hillcrest-site/www from dist: 2 files to upload (${bytes} B), 6 unchanged.`,
      `Published: 2 uploaded (${bytes} B), 6 unchanged, 0 deleted.`,
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
    const bytes = bucketBytes({ "index.html": "<h1>About the lodge</h1>" });
    expect(dry.stdout).toEqual([
      `gs://hillcrest-site from dist: 1 file to upload (${bytes} B), 7 unchanged, 1 to delete.`,
      `  upload  about-us/index.html  (changed, ${bytes} B)`,
      "  delete  robots.txt",
      `Dry run: 1 would be uploaded (${bytes} B), 7 unchanged, 1 would be deleted. Nothing was uploaded.`,
    ]);
    expect(dry.code).toBe(0);
    expect(storage.calls).toEqual(["list hillcrest-site", "testPermissions hillcrest-site"]);
    expect(objects("hillcrest-site")).toEqual(before);
  });

  it("publishes the media lodge.yaml serves from their own bucket there, with lodge.yaml naming the buckets", async () => {
    const lodgeYaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write(
      "lodge.yaml",
      `${lodgeYaml.replace(
        "bulletins: /media/bulletins/",
        "bulletins: https://storage.googleapis.com/hillcrest-bulletins/",
      )}\npublish:\n  site: gs://hillcrest-site\n  bulletins: gs://hillcrest-bulletins\n`,
    );
    const pdfs = readdirSync(join(sample.data, "bulletins")).sort();
    writeSite();

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
      "public, max-age=3600",
    ]);
  });
});

describe("lodge publish with what lodge build made", () => {
  it("stores a script as the gzip copy the build made, and leaves the copies out of a bucket", async () => {
    const script = "console.log('hydrate');".repeat(20);
    // Not what publish would make itself, so the test shows which bytes went up.
    const made = gzipSync(script, { level: 1 });
    expect(made.equals(gzipSync(script, { level: 9 }))).toBe(false);
    writeSite({ "index.html": "<h1>Hillcrest</h1>", "assets/entry-Bx1c2D3e.js": script });
    const asset = join(sample.root, "dist", "assets", "entry-Bx1c2D3e.js");
    writeFileSync(`${asset}.gz`, made);
    writeFileSync(`${asset}.br`, "brotli bytes");

    const result = await publish("--target", "gs://hillcrest-site");
    expect(result.code).toBe(0);
    expect([...objects("hillcrest-site").keys()].sort()).toEqual([
      "assets/entry-Bx1c2D3e.js",
      "index.html",
    ]);
    const stored = objects("hillcrest-site").get("assets/entry-Bx1c2D3e.js");
    expect(stored?.contentEncoding).toBe("gzip");
    expect(stored?.content.equals(made)).toBe(true);
    expect(gunzipSync(stored?.content ?? Buffer.alloc(0)).toString()).toBe(script);

    // A folder gets every file as it is, for its web server to send the copies.
    const folder = await lodge(sample.root, "publish", "--target", "file://public");
    expect(folder.code).toBe(0);
    expect(readdirSync(join(sample.root, "public", "assets")).sort()).toEqual([
      "entry-Bx1c2D3e.js",
      "entry-Bx1c2D3e.js.br",
      "entry-Bx1c2D3e.js.gz",
    ]);
  });

  it("uploads the web sizes of pictures served from buckets, not their originals, and album thumbnails to theirs", async () => {
    // One album and no other pictures, so the pictures are made in a moment.
    rmSync(join(sample.data, "images"), { recursive: true });
    const album = "2020-02-19-past-masters-night";
    for (const name of readdirSync(join(sample.data, "albums"))) {
      if (name !== album) rmSync(join(sample.data, "albums", name), { recursive: true });
    }
    const lodgeYaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write(
      "lodge.yaml",
      lodgeYaml
        .replace(
          "albums: /media/albums/",
          "albums: https://storage.googleapis.com/hillcrest-albums/",
        )
        .replace(
          "thumbnails: /media/thumbnails/",
          "thumbnails: https://hillcrest-thumbs.storage.googleapis.com/small/",
        ),
    );
    // The pictures are made while a recent event shows one of them, which gets a page's sizes;
    // the publish comes a year later, with the event out of Recent Events' window for good.
    sample.write(
      "recent-events.yaml",
      `- eventName: Past Masters Night\n  albumName: ${album}\n  imageUrls: [past-masters-night-01.jpg]\n  eventDate: '2020/02/19'\n`,
    );
    writeSite();
    vi.stubEnv("SOURCE_DATE_EPOCH", String(Date.parse("2020-03-01T12:00:00Z") / 1000));
    expect((await lodge(sample.root, "images")).code).toBe(0);
    vi.unstubAllEnvs();
    const manifest = readManifest(join(sample.root, "var", "images"), sample.data);
    expect(manifest[`albums/${album}/past-masters-night-01.jpg`]?.variants).toHaveLength(4);
    const entries = Object.values(manifest);
    // The web sizes, and the share size of the cover.
    const variants = entries.flatMap((e) =>
      [...e.variants, ...e.share].map((v) => v.src.slice("albums/".length)),
    );
    const thumbs = entries.flatMap((e) =>
      e.thumbs.map((t) => `small/${t.src.slice("thumbnails/albums/".length)}`),
    );
    expect(entries).toHaveLength(5);
    expect(thumbs.length).toBeGreaterThan(0);

    const dry = await publish("--target", "gs://hillcrest-site", "--dry-run", "--json");
    expect(dry.stderr).toEqual([]);
    const plan = JSON.parse(dry.stdout.join("\n")) as {
      dryRun: boolean;
      targets: { part: string; target: string; from: string; upload: { path: string }[] }[];
    };
    expect(plan.dryRun).toBe(true);
    expect(plan.targets.map((t) => [t.part, t.target, t.from, t.upload.length])).toEqual([
      ["site", "gs://hillcrest-site", "dist", 9],
      ["albums", "gs://hillcrest-albums", "var/images", variants.length],
      ["thumbnails", "gs://hillcrest-thumbs/small", "var/images", thumbs.length],
    ]);
    expect(uploads()).toEqual([]);

    const result = await publish("--target", "gs://hillcrest-site");
    expect(result.stderr).toEqual([]);
    expect(result.code).toBe(0);
    expect([...objects("hillcrest-albums").keys()].sort()).toEqual(variants.sort());
    expect([...objects("hillcrest-thumbs").keys()].sort()).toEqual(thumbs.sort());
    expect(objects("hillcrest-albums").has(`${album}/past-masters-night-01.jpg`)).toBe(false);

    // A picture changed after the build: its web sizes are out of date, so nothing goes up.
    const picture = join(sample.data, "albums", album, "past-masters-night-02.jpg");
    writeFileSync(
      picture,
      readFileSync(join(sample.data, "albums", album, "past-masters-night-03.jpg")),
    );
    storage.calls.length = 0;
    const stale = await publish("--target", "gs://hillcrest-site");
    expect(stale.stderr).toEqual([
      `dist is older than data/albums/${album}/past-masters-night-02.jpg: the data or the pictures changed since the last build; run lodge build first, so the site published is the one the data describes`,
      `the web sizes of pictures served from buckets are missing from var/images (1 picture new or changed since, 0 files gone; e.g. albums/${album}/past-masters-night-02.jpg); run lodge build first, or give the pictures' folder lodge build used with --images DIR`,
      "Nothing was uploaded.",
    ]);
    expect(uploads()).toEqual([]);
    for (const object of [
      ...objects("hillcrest-albums").values(),
      ...objects("hillcrest-thumbs").values(),
    ]) {
      expect(object.contentType).toMatch(/^image\/(webp|jpeg)$/);
      expect(object.cacheControl).toBe("public, max-age=31536000, immutable");
      expect(object.contentEncoding).toBeUndefined();
    }
  }, 20_000);
});

describe("lodge publish checks before it uploads", () => {
  it("refuses a built site older than the data, saying to build first", async () => {
    writeSite();
    const index = join(sample.root, "dist", "index.html");
    utimesSync(index, new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
    sample.write("events.yaml", readFileSync(join(sample.data, "events.yaml"), "utf8"));
    const result = await publish("--target", "gs://hillcrest-site");
    expect([result.code, ...result.stderr]).toEqual([
      1,
      "dist is older than data/events.yaml: the data or the pictures changed since the last build; run lodge build first, so the site published is the one the data describes",
      "Nothing was uploaded.",
    ]);
    expect(uploads()).toEqual([]);
  });

  it("lists every problem at once and uploads nothing", async () => {
    const lodgeYaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write(
      "lodge.yaml",
      `${lodgeYaml.replace("albums: /media/albums/", "albums: https://media.example.org/albums/")}\npublish:\n  site: gs://hillcrest-www\n`,
    );

    const result = await publish();
    expect(result.stderr).toEqual([
      "dist does not exist; run lodge build first, or give the built site with --dist DIR",
      'media serves albums from https://media.example.org/albums/, outside the site, but publish: names no bucket for them; add "albums: gs://BUCKET" under publish: in data/lodge.yaml',
      "the web sizes of pictures served from buckets are missing from var/images (234 pictures new or changed since, 0 files gone; e.g. albums/2019-12-11-brotherhood-night/_cover.jpg); run lodge build first, or give the pictures' folder lodge build used with --images DIR",
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
    const uploadedFirst = ["assets/entry-Bx1c2D3e.js", "media/petition.pdf", "robots.txt"];
    const rest = Object.fromEntries(
      Object.entries(SITE).filter(([path]) => !uploadedFirst.includes(path)),
    );
    expect(rerun.stdout.at(-1)).toBe(
      `Published: 6 uploaded (${bucketBytes(rest)} B), 3 unchanged, 0 deleted.`,
    );
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
