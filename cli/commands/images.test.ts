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
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge } from "../../test/cli-harness.ts";

let root: string;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "lodge-images-"));
  await picture("data/albums/2024-10-19-table-lodge/table-01.jpg", 1200, 800, "#13294b");
  await picture("data/albums/2024-10-19-table-lodge/_cover.jpg", 1200, 800, "#d9a82b");
  await picture("data/images/officers/ann.jpg", 400, 500, "#777777");
  await picture("data/images/site/logo.png", 512, 512, "#13294b");
  writeFileSync(join(root, "data/lodge.yaml"), "name: Test Lodge No. 1\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function picture(path: string, width: number, height: number, color: string): Promise<void> {
  mkdirSync(join(root, path, ".."), { recursive: true });
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  await (path.endsWith(".png") ? image.png() : image.jpeg()).toFile(join(root, path));
}

const manifest = () => JSON.parse(readFileSync(join(root, "var/images/manifest.json"), "utf8"));

describe("lodge images", () => {
  it("makes web sizes no wider than the source in WebP and a fallback, and thumbnails for albums", async () => {
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
    const photo = m["albums/2024-10-19-table-lodge/table-01.jpg"];
    const hash = photo.hash.slice(0, 8);
    expect(
      photo.variants.map((v: { src: string; width: number; height: number }) => [
        v.src,
        v.width,
        v.height,
      ]),
    ).toEqual(
      [160, 320, 640, 1024, 1200].flatMap((w) => [
        [
          `albums/2024-10-19-table-lodge/table-01-${hash}-${w}.webp`,
          w,
          Math.round((800 * w) / 1200),
        ],
        [
          `albums/2024-10-19-table-lodge/table-01-${hash}-${w}.jpg`,
          w,
          Math.round((800 * w) / 1200),
        ],
      ]),
    );
    expect(photo.thumbs.map((v: { src: string }) => v.src)).toEqual([
      `thumbnails/albums/2024-10-19-table-lodge/table-01-${hash}-400.webp`,
      `thumbnails/albums/2024-10-19-table-lodge/table-01-${hash}-400.jpg`,
    ]);
    expect(m["images/officers/ann.jpg"].variants.map((v: { width: number }) => v.width)).toEqual([
      160, 160, 320, 320, 400, 400,
    ]);
    expect(m["images/officers/ann.jpg"].thumbs).toEqual([]);
    expect(m["images/site/logo.png"].variants.map((v: { format: string }) => v.format)).toContain(
      "png",
    );
    const meta = await sharp(join(root, "var/images", photo.variants[0].src)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 160, 107]);
  });

  it("processes only what changed, and removes the old files of a changed picture", async () => {
    await lodge(root, "images");
    const before = manifest();
    const again = await lodge(root, "images");
    expect(again.stdout.at(-1)).toMatch(/: 0 made \(0\.0 MB\), 4 unchanged, 0 old files removed/);
    expect(manifest()).toEqual(before);

    await picture("data/images/officers/ann.jpg", 400, 500, "#aa3333");
    const changed = await lodge(root, "images");
    expect(changed.stdout.at(-1)).toMatch(
      /: 1 made \([\d.]+ MB\), 3 unchanged, 6 old files removed/,
    );
    expect(manifest()["images/officers/ann.jpg"].hash).not.toBe(
      before["images/officers/ann.jpg"].hash,
    );
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
    expect(again.stdout.at(-1)).toMatch(/: 2 made \([\d.]+ MB\), 3 unchanged, 6 old files removed/);
    const after = manifest();
    const copy = after["albums/2025-01-01-copy/first.jpg"];
    expect(copy.hash).toBe(photo.hash);
    expect(copy.variants.map((v: { src: string }) => v.src)).toContain(
      `albums/2025-01-01-copy/first-${photo.hash.slice(0, 8)}-640.webp`,
    );
    expect(copy.thumbs.map((v: { src: string }) => v.src)).toContain(
      `thumbnails/albums/2025-01-01-copy/first-${photo.hash.slice(0, 8)}-400.webp`,
    );
    expect(readFileSync(join(root, "var/images", copy.variants[0].src), "utf8")).toBe("made once");
    expect(after["images/officers/anne.jpg"].variants).toHaveLength(6);
    expect(after["images/officers/ann.jpg"]).toBeUndefined();
    expect(
      existsSync(join(root, "var/images", before["images/officers/ann.jpg"].variants[0].src)),
    ).toBe(false);
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
