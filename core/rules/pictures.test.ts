import { describe, expect, it } from "vitest";
import type { ImageEntry, ImageManifest } from "../schemas/image-manifest.ts";
import type { MediaBases } from "./media.ts";
import { findPicture, largestFile, pictureOf, smallestFallback } from "./pictures.ts";

const bases: MediaBases = {
  images: "/media/images/",
  albums: "/media/albums/",
  thumbnails: "/media/thumbnails/",
  bulletins: "/media/bulletins/",
  socialEvents: "/media/social-events/",
};

const variant = (src: string, width: number, format: "webp" | "jpeg" | "png") => ({
  src,
  width,
  height: Math.round((width * 2) / 3),
  format,
});

const photo: ImageEntry = {
  hash: "1f2e3d4c",
  width: 1200,
  height: 800,
  variants: [
    variant("albums/2024-x/a-1f2e3d4c-320.webp", 320, "webp"),
    variant("albums/2024-x/a-1f2e3d4c-320.jpg", 320, "jpeg"),
    variant("albums/2024-x/a-1f2e3d4c-640.webp", 640, "webp"),
    variant("albums/2024-x/a-1f2e3d4c-640.jpg", 640, "jpeg"),
    variant("albums/2024-x/a-1f2e3d4c-1200.webp", 1200, "webp"),
    variant("albums/2024-x/a-1f2e3d4c-1200.jpg", 1200, "jpeg"),
  ],
  thumbs: [
    variant("thumbnails/albums/2024-x/a-1f2e3d4c-400.webp", 400, "webp"),
    variant("thumbnails/albums/2024-x/a-1f2e3d4c-400.jpg", 400, "jpeg"),
  ],
};

const manifest: ImageManifest = { "albums/2024-x/a.jpg": photo };

describe("pictures from the image manifest", () => {
  it("gives a srcset per format, smallest first, and the largest JPEG with its size as the fallback", () => {
    expect(pictureOf(bases, photo.variants)).toEqual({
      src: "/media/albums/2024-x/a-1f2e3d4c-1200.jpg",
      width: 1200,
      height: 800,
      webp: "/media/albums/2024-x/a-1f2e3d4c-320.webp 320w, /media/albums/2024-x/a-1f2e3d4c-640.webp 640w, /media/albums/2024-x/a-1f2e3d4c-1200.webp 1200w",
      srcSet:
        "/media/albums/2024-x/a-1f2e3d4c-320.jpg 320w, /media/albums/2024-x/a-1f2e3d4c-640.jpg 640w, /media/albums/2024-x/a-1f2e3d4c-1200.jpg 1200w",
    });
  });

  it("gives an album picture's thumbnail from the thumbnails base", () => {
    expect(pictureOf(bases, photo.thumbs)).toEqual({
      src: "/media/thumbnails/2024-x/a-1f2e3d4c-400.jpg",
      width: 400,
      height: 267,
      webp: "/media/thumbnails/2024-x/a-1f2e3d4c-400.webp 400w",
      srcSet: "/media/thumbnails/2024-x/a-1f2e3d4c-400.jpg 400w",
    });
    expect(pictureOf(bases, [])).toBeUndefined();
  });

  it("gives the lightbox the largest size, in WebP, and its strip the WebP thumbnail", () => {
    expect(largestFile(bases, photo.thumbs)?.src).toBe(
      "/media/thumbnails/2024-x/a-1f2e3d4c-400.webp",
    );
    expect(largestFile(bases, photo.variants)).toEqual({
      src: "/media/albums/2024-x/a-1f2e3d4c-1200.webp",
      width: 1200,
      height: 800,
    });
  });

  it("gives a favicon the smallest JPEG or PNG", () => {
    expect(smallestFallback(bases, photo.variants)).toEqual({
      src: "/media/albums/2024-x/a-1f2e3d4c-320.jpg",
      width: 320,
      height: 213,
    });
  });

  it("finds a data file's picture by its kind's folder, or keeps the file at its address with the size it is shown at", () => {
    const shown = { width: 600, height: 400 };
    expect(findPicture(manifest, bases, "albums", "2024-x/a.jpg", shown)?.webp).toContain(
      "/media/albums/2024-x/a-1f2e3d4c-320.webp 320w",
    );
    expect(findPicture(manifest, bases, "history", "not-processed.jpg", shown)).toEqual({
      src: "/media/images/history/not-processed.jpg",
      width: 600,
      height: 400,
    });
    expect(
      findPicture(manifest, bases, "officers", "https://cdn.example.org/a.jpg", shown),
    ).toEqual({ src: "https://cdn.example.org/a.jpg", width: 600, height: 400 });
    expect(findPicture(manifest, bases, "officers", "", shown)).toBeUndefined();
  });
});
