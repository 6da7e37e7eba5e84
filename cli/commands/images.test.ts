import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lodge } from "../../test/support/cli-harness.ts";
import { filesOf, lodgeManifestFile, readManifest, UNUSED_DAYS } from "../images/cache.ts";
import { processImages } from "../images/process-images.ts";

let root: string;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "lodge-images-"));
  await newLodge("data", "Test Lodge No. 1");
  await picture("data/albums/2024-10-19-table-lodge/table-01.jpg", 1200, 800, "#13294b");
  await picture("data/albums/2024-10-19-table-lodge/_cover.jpg", 1200, 800, "#d9a82b");
  await picture("data/images/officers/ann.jpg", 400, 500, "#777777");
  await picture("data/images/site/logo.png", 512, 512, "#13294b");
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** A new lodge's data folder, as `lodge init` starts it, without the starter's pictures. */
async function newLodge(dir: string, name: string): Promise<void> {
  const { code } = await lodge(
    root,
    "init",
    dir,
    "--name",
    name,
    "--charter-date",
    "1900-01-01",
    "--time-zone",
    "America/New_York",
    "--secretary-email",
    "secretary@example.org",
  );
  expect(code).toBe(0);
  rmSync(join(root, dir, "images"), { recursive: true });
}

async function picture(path: string, width: number, height: number, color: string): Promise<void> {
  mkdirSync(join(root, path, ".."), { recursive: true });
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  await (path.endsWith(".png") ? image.png() : image.jpeg()).toFile(join(root, path));
}

/** A lodge's manifest in the shared folder, as the JSON it is. */
const manifest = (data = "data") =>
  JSON.parse(readFileSync(lodgeManifestFile(join(root, "var/images"), join(root, data)), "utf8"))
    .pictures;
const made = (file: string) => existsSync(join(root, "var/images", file));
/** Every file a lodge's manifest names. */
const filesIn = (data: string) =>
  Object.values(readManifest(join(root, "var/images"), join(root, data))).flatMap(filesOf);

describe("lodge images", () => {
  it("makes the sizes each picture is shown in, never wider than itself: WebP, one JPEG or PNG, and album thumbnails", async () => {
    const { code, stdout } = await lodge(root, "images");
    expect(code).toBe(0);
    expect(stdout.at(-1)).toMatch(
      /^Pictures in var\/images: 4 made \([\d.]+ MB\), 0 unchanged, 0 old files removed \([\d.]+ s\)\.$/,
    );
    const m = manifest();
    expect(Object.keys(m)).toEqual([
      "albums/2024-10-19-table-lodge/_cover.jpg",
      "albums/2024-10-19-table-lodge/table-01.jpg",
      "images/officers/ann.jpg",
      "images/site/logo.png",
    ]);
    // A photo only its album shows: the lightbox's size, and the grid's thumbnail.
    const photo = m["albums/2024-10-19-table-lodge/table-01.jpg"];
    const hash = photo.hash.slice(0, 8);
    const listed = (variants: { src: string; width: number; height: number }[]) =>
      variants.map((v) => [v.src, v.width, v.height]);
    expect(listed(photo.variants)).toEqual([
      [`albums/2024-10-19-table-lodge/table-01-${hash}-1200.webp`, 1200, 800],
    ]);
    expect(listed(photo.thumbs)).toEqual([
      [`thumbnails/albums/2024-10-19-table-lodge/table-01-${hash}-400.webp`, 400, 267],
      [`thumbnails/albums/2024-10-19-table-lodge/table-01-${hash}-400.jpg`, 400, 267],
    ]);
    // A cover is a page's picture (the gallery's tile): WebP sizes and one JPEG, no thumbnail.
    const cover = m["albums/2024-10-19-table-lodge/_cover.jpg"];
    expect(cover.variants.map((v: { src: string }) => v.src.split("-").at(-1))).toEqual([
      "480.webp",
      "800.webp",
      "800.jpg",
      "1200.webp",
    ]);
    expect(cover.thumbs).toEqual([]);
    expect(m["images/officers/ann.jpg"].variants.map((v: { width: number }) => v.width)).toEqual([
      400, 400,
    ]);
    expect(
      m["images/site/logo.png"].variants.map((v: { format: string; width: number }) => [
        v.format,
        v.width,
      ]),
    ).toEqual([
      ["webp", 160],
      ["png", 160],
      ["webp", 320],
      ["webp", 512],
    ]);
    for (const variant of [...photo.thumbs, ...cover.variants]) {
      const meta = await sharp(join(root, "var/images", variant.src)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        variant.format,
        variant.width,
        variant.height,
      ]);
    }
  });

  it("makes an album's photo in a page's sizes while a recent event shows it, and only that photo", async () => {
    // The build's moment: a month after the event, then a year after it, out of the window.
    const at = (iso: string) => vi.stubEnv("SOURCE_DATE_EPOCH", String(Date.parse(iso) / 1000));
    at("2024-11-19T12:00:00Z");
    await lodge(root, "images");
    const before = manifest();
    writeFileSync(
      join(root, "data/recent-events.yaml"),
      [
        "- eventName: Table Lodge",
        "  albumName: 2024-10-19-table-lodge",
        "  imageUrls: [table-01.jpg]",
        "  eventDate: '2024/10/19'",
        "",
      ].join("\n"),
    );
    const shown = await lodge(root, "images");
    expect(shown.stdout.at(-1)).toMatch(/: 1 made \([\d.]+ MB\), 3 unchanged, 0 old files removed/);
    const photo = manifest()["albums/2024-10-19-table-lodge/table-01.jpg"];
    expect(photo.hash).not.toBe(before["albums/2024-10-19-table-lodge/table-01.jpg"].hash);
    expect(photo.variants.map((v: { src: string }) => v.src.split("-").at(-1))).toEqual([
      "480.webp",
      "800.webp",
      "800.jpg",
      "1200.webp",
    ]);
    expect(photo.thumbs).toHaveLength(2);

    at("2025-10-19T12:00:00Z");
    const gone = await lodge(root, "images");
    expect(gone.stdout.at(-1)).toMatch(/: 1 made \([\d.]+ MB\), 3 unchanged, 0 old files removed/);
    const again = manifest()["albums/2024-10-19-table-lodge/table-01.jpg"];
    expect(again.hash).toBe(before["albums/2024-10-19-table-lodge/table-01.jpg"].hash);
    expect(again.variants.map((v: { src: string }) => v.src.split("-").at(-1))).toEqual([
      "1200.webp",
    ]);
  });

  it("refuses a lodge whose data has errors, and makes nothing", async () => {
    writeFileSync(join(root, "data/recent-events.yaml"), "- albumName: 2024-10-19-table-lodge\n");
    const { code, stdout, stderr } = await lodge(root, "images");
    expect(code).toBe(1);
    expect(stdout[0]).toMatch(/^data\/recent-events\.yaml:1:\d+ .*eventName/);
    expect(stderr).toEqual([
      "data has errors (listed above); fix them first. No picture was made.",
    ]);
    expect(existsSync(join(root, "var/images"))).toBe(false);
  });

  it("processes only what changed, and keeps the old files of a changed picture until --prune removes them", async () => {
    await lodge(root, "images");
    const before = manifest();
    const again = await lodge(root, "images");
    expect(again.stdout.at(-1)).toMatch(/: 0 made \(0\.0 MB\), 4 unchanged, 0 old files removed/);
    expect(manifest()).toEqual(before);

    await picture("data/images/officers/ann.jpg", 400, 500, "#aa3333");
    const changed = await lodge(root, "images");
    expect(changed.stdout.at(-1)).toMatch(
      /: 1 made \([\d.]+ MB\), 3 unchanged, 0 old files removed/,
    );
    const old = before["images/officers/ann.jpg"];
    expect(manifest()["images/officers/ann.jpg"]?.hash).not.toBe(old?.hash);
    const oldFiles = [...(old?.variants ?? [])].map((v) => v.src);
    expect(oldFiles.every(made)).toBe(true);

    const pruned = await lodge(root, "images", "--prune");
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toEqual([
      expect.stringMatching(/^Removed 2 files \(0\.0 MB\) from var\/images that no lodge uses:$/),
      `  images/officers/ann (${old?.hash.slice(0, 8)}): 2 files`,
    ]);
    expect(oldFiles.some(made)).toBe(false);
    expect(filesIn("data").every(made)).toBe(true);
    const nothing = await lodge(root, "images", "--prune");
    expect(nothing.stdout).toEqual([
      "Nothing to remove: every picture in var/images is used by 1 lodge.",
    ]);
  });

  it("keeps every lodge's pictures when two lodges share the folder, sharing what they have in common", async () => {
    await newLodge("second", "Second Lodge No. 2");
    await picture("second/images/site/logo.png", 512, 512, "#13294b");
    await picture("second/images/officers/bob.jpg", 400, 500, "#335533");
    const first = await lodge(root, "images");
    expect(first.stdout.at(-1)).toMatch(/: 4 made/);
    const second = await lodge(root, "images", "--data", "second");
    // The logo is the same picture under the same name: the second lodge uses the first's files.
    expect(second.stdout.at(-1)).toMatch(
      /: 1 made \([\d.]+ MB\), 1 unchanged, 0 old files removed/,
    );
    expect(filesIn("data").every(made)).toBe(true);
    expect(filesIn("second").every(made)).toBe(true);
    expect(manifest("second")["images/site/logo.png"]).toEqual(manifest()["images/site/logo.png"]);

    const again = await lodge(root, "images");
    expect(again.stdout.at(-1)).toMatch(/: 0 made \(0\.0 MB\), 4 unchanged, 0 old files removed/);
    expect((await lodge(root, "images", "--prune")).stdout).toEqual([
      "Nothing to remove: every picture in var/images is used by 2 lodges.",
    ]);

    rmSync(join(root, "second"), { recursive: true });
    const gone = await lodge(root, "images", "--prune");
    const bob = manifest()["images/officers/bob.jpg"];
    expect(bob).toBeUndefined();
    expect(gone.stdout).toEqual([
      expect.stringMatching(/^Removed 2 files \([\d.]+ MB\) from var\/images that no lodge uses:$/),
      expect.stringMatching(/^ {2}images\/officers\/bob \([0-9a-f]{8}\): 2 files$/),
      `Forgot the lodge in ${join(root, "second")}: that folder is gone.`,
    ]);
    expect(filesIn("data").every(made)).toBe(true);
  });

  it(`removes on its own what no lodge has used for ${UNUSED_DAYS} days, and nothing sooner`, async () => {
    const data = join(root, "data");
    const out = join(root, "var/images");
    const day = 24 * 60 * 60 * 1000;
    const start = new Date("2026-01-10T12:00:00Z");
    const first = await processImages(data, out, { now: start });
    const old = first.manifest["images/officers/ann.jpg"]?.variants.map((v) => v.src) ?? [];
    await picture("data/images/officers/ann.jpg", 400, 500, "#aa3333");
    // The old sizes of ann.jpg were last used on the first day.
    const later = (days: number) => new Date(start.getTime() + days * day);
    expect((await processImages(data, out, { now: later(1) })).removed).toBe(0);
    expect((await processImages(data, out, { now: later(UNUSED_DAYS - 1) })).removed).toBe(0);
    expect(old.every(made)).toBe(true);
    const expired = await processImages(data, out, { now: later(UNUSED_DAYS + 1) });
    expect(expired.removed).toBe(old.length);
    expect(old.some(made)).toBe(false);
    // The pictures in use were used by each run, so none of them goes.
    const inUse = Object.values(expired.manifest).flatMap((e) => e.variants.map((v) => v.src));
    expect(inUse.every(made)).toBe(true);
  });

  it("prunes nothing while another process is making pictures in the folder", async () => {
    await lodge(root, "images");
    await picture("data/images/officers/ann.jpg", 400, 500, "#aa3333");
    await lodge(root, "images");
    // The process that started this one is alive: it stands for a build running beside it.
    writeFileSync(join(root, "var/images", `.busy-${process.ppid}`), "");
    const busy = await lodge(root, "images", "--prune");
    expect(busy.code).toBe(1);
    expect(busy.stderr).toEqual([
      `A build is making pictures in var/images now (process ${process.ppid}); run lodge images --prune once it is done. Nothing was removed.`,
    ]);
    rmSync(join(root, "var/images", `.busy-${process.ppid}`));
    expect((await lodge(root, "images", "--prune")).stdout[0]).toMatch(/^Removed 2 files/);
  });

  it("makes the same bytes once: a photo in a second album and a renamed file get copies of the files", async () => {
    await lodge(root, "images");
    const before = manifest();
    const photo = before["albums/2024-10-19-table-lodge/table-01.jpg"];
    mkdirSync(join(root, "data/albums/2025-01-01-copy"), { recursive: true });
    copyFileSync(
      join(root, "data/albums/2024-10-19-table-lodge/table-01.jpg"),
      join(root, "data/albums/2025-01-01-copy/first.jpg"),
    );
    renameSync(
      join(root, "data/images/officers/ann.jpg"),
      join(root, "data/images/officers/anne.jpg"),
    );
    // Marks a file made the first time: a copy holds the mark, a picture made again would not.
    writeFileSync(join(root, "var/images", photo.variants[0].src), "made once");
    const again = await lodge(root, "images");
    expect(again.stdout.at(-1)).toMatch(/: 2 made \([\d.]+ MB\), 3 unchanged, 0 old files removed/);
    const after = manifest();
    const copy = after["albums/2025-01-01-copy/first.jpg"];
    expect(copy.hash).toBe(photo.hash);
    expect(copy.variants.map((v: { src: string }) => v.src)).toContain(
      `albums/2025-01-01-copy/first-${photo.hash.slice(0, 8)}-1200.webp`,
    );
    expect(copy.thumbs.map((v: { src: string }) => v.src)).toContain(
      `thumbnails/albums/2025-01-01-copy/first-${photo.hash.slice(0, 8)}-400.webp`,
    );
    expect(readFileSync(join(root, "var/images", copy.variants[0].src), "utf8")).toBe("made once");
    expect(after["images/officers/anne.jpg"].variants).toHaveLength(2);
    expect(after["images/officers/ann.jpg"]).toBeUndefined();
  });

  it("refuses a folder that is not a lodge's, keeping the pictures already made", async () => {
    await lodge(root, "images");
    const before = manifest();
    const wrong = await lodge(root, "images", "--data", "nowhere");
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toEqual([
      "nowhere holds no lodge.yaml, so it is not a lodge's data folder; give it with --data DIR. Nothing was changed.",
    ]);
    expect(manifest()).toEqual(before);
  });
});
