import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSize } from "./image-size.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lodge-image-size-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function picture(name: string, format: "jpeg" | "png" | "gif" | "webp", lossless = false) {
  const path = join(dir, name);
  const image = sharp({
    create: { width: 321, height: 123, channels: 3, background: { r: 20, g: 40, b: 90 } },
  });
  await image
    .withMetadata()
    .toFormat(format, format === "webp" ? { lossless } : {})
    .toFile(path);
  return path;
}

describe("imageSize", () => {
  it.each([
    ["a.jpg", "jpeg"],
    ["b.png", "png"],
    ["c.gif", "gif"],
    ["d.webp", "webp"],
  ] as const)("reads the width and height of %s from its header", async (name, format) => {
    expect(imageSize(await picture(name, format))).toEqual({ width: 321, height: 123 });
  });

  it("reads a lossless WebP too", async () => {
    expect(imageSize(await picture("e.webp", "webp", true))).toEqual({ width: 321, height: 123 });
  });

  it("answers undefined for a file that is no picture, a cut-off one, or none", () => {
    const text = join(dir, "notes.jpg");
    writeFileSync(text, "not a picture");
    const cut = join(dir, "cut.jpg");
    writeFileSync(cut, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]));
    expect(imageSize(text)).toBeUndefined();
    expect(imageSize(cut)).toBeUndefined();
    expect(imageSize(join(dir, "missing.jpg"))).toBeUndefined();
  });
});
