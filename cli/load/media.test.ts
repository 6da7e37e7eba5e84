import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAlbumPictures } from "./media.ts";

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lodge-albums-"));
  const folder = join(dir, "albums", "2024-10-19-table-lodge");
  mkdirSync(folder, { recursive: true });
  const jpeg = await sharp({
    create: { width: 60, height: 40, channels: 3, background: "#123456" },
  })
    .jpeg()
    .toBuffer();
  for (const name of ["toast-10.jpg", "toast-2.jpg", "_cover.jpg", "back-cover.jpg"]) {
    writeFileSync(join(folder, name), jpeg);
  }
  writeFileSync(join(folder, "broken.jpg"), "not a picture");
  writeFileSync(join(folder, "notes.txt"), "captions to come");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const album = (albumName: string) => ({ albumName, title: "T", subtitle: "", description: "" });

describe("readAlbumPictures (the image manifest)", () => {
  it("lists each album's pictures in name order with their sizes, covers left out", () => {
    const { pictures, problems } = readAlbumPictures(
      dir,
      [album("2024-10-19-table-lodge"), album("2025-01-01-no-folder")],
      dir,
    );
    expect(pictures).toEqual({
      "2024-10-19-table-lodge": [
        { file: "toast-2.jpg", width: 60, height: 40 },
        { file: "toast-10.jpg", width: 60, height: 40 },
      ],
      "2025-01-01-no-folder": [],
    });
    expect(problems).toEqual([
      {
        severity: "warning",
        file: "albums/2024-10-19-table-lodge/broken.jpg",
        line: 0,
        column: 0,
        message:
          "lodge cannot read this picture's size, so the album leaves it out; save it as JPEG, PNG, GIF or WebP",
      },
    ]);
  });
});
