import { describe, expect, it } from "vitest";
import type { ImageEntry, ImageManifest } from "../schemas/image-manifest.ts";
import type { MediaBases } from "./media.ts";
import {
  albumPicturesOnPages,
  findPicture,
  largestFile,
  pictureOf,
  pictureRole,
  plannedFiles,
  smallestFallback,
} from "./pictures.ts";

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
    variant("albums/2024-x/a-1f2e3d4c-480.webp", 480, "webp"),
    variant("albums/2024-x/a-1f2e3d4c-800.webp", 800, "webp"),
    variant("albums/2024-x/a-1f2e3d4c-800.jpg", 800, "jpeg"),
    variant("albums/2024-x/a-1f2e3d4c-1200.webp", 1200, "webp"),
  ],
  thumbs: [
    variant("thumbnails/albums/2024-x/a-1f2e3d4c-400.webp", 400, "webp"),
    variant("thumbnails/albums/2024-x/a-1f2e3d4c-400.jpg", 400, "jpeg"),
  ],
  share: [],
};

const manifest: ImageManifest = { "albums/2024-x/a.jpg": photo };

describe("pictures from the image manifest", () => {
  it("gives the WebP sizes as a srcset, smallest first, the JPEG as the fallback, and the largest size", () => {
    expect(pictureOf(bases, photo.variants)).toEqual({
      src: "/media/albums/2024-x/a-1f2e3d4c-800.jpg",
      width: 1200,
      height: 800,
      webp: "/media/albums/2024-x/a-1f2e3d4c-480.webp 480w, /media/albums/2024-x/a-1f2e3d4c-800.webp 800w, /media/albums/2024-x/a-1f2e3d4c-1200.webp 1200w",
    });
  });

  it("falls back to the largest WebP for a picture made without a JPEG", () => {
    const only = photo.variants.filter((v) => v.width === 1200);
    expect(pictureOf(bases, only)).toEqual({
      src: "/media/albums/2024-x/a-1f2e3d4c-1200.webp",
      width: 1200,
      height: 800,
      webp: "/media/albums/2024-x/a-1f2e3d4c-1200.webp 1200w",
    });
  });

  it("gives an album picture's thumbnail from the thumbnails base", () => {
    expect(pictureOf(bases, photo.thumbs)).toEqual({
      src: "/media/thumbnails/2024-x/a-1f2e3d4c-400.jpg",
      width: 400,
      height: 267,
      webp: "/media/thumbnails/2024-x/a-1f2e3d4c-400.webp 400w",
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
      src: "/media/albums/2024-x/a-1f2e3d4c-800.jpg",
      width: 800,
      height: 533,
    });
  });

  it("finds a data file's picture by its kind's folder, or keeps the file at its address with the size it is shown at", () => {
    const shown = { width: 600, height: 400 };
    expect(findPicture(manifest, bases, "albums", "2024-x/a.jpg", shown)?.webp).toContain(
      "/media/albums/2024-x/a-1f2e3d4c-480.webp 480w",
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

describe("the sizes made of a picture", () => {
  const sizes = (source: string, width: number, onPages = new Set<string>()) =>
    plannedFiles(
      source,
      pictureRole(source, onPages),
      width,
      source.endsWith(".png") ? "png" : "jpeg",
    ).map((f) => `${f.thumbnail ? "thumb " : ""}${f.format} ${f.width}`);

  it("makes a page's photo in WebP at 480, 800, 1200 and 1600 px, never wider than itself, and one JPEG", () => {
    expect(sizes("images/history/hall.jpg", 2000)).toEqual([
      "webp 480",
      "webp 800",
      "webp 1200",
      "webp 1600",
      "jpeg 800",
    ]);
    expect(sizes("images/history/hall.jpg", 1200)).toEqual([
      "webp 480",
      "webp 800",
      "webp 1200",
      "jpeg 800",
    ]);
    expect(sizes("images/officers/ann.jpg", 400)).toEqual(["webp 400", "jpeg 400"]);
  });

  it("makes the hero, drawn across the window, from 800 to 1920 px", () => {
    expect(sizes("images/site/hero.jpg", 4000)).toEqual([
      "webp 800",
      "webp 1200",
      "webp 1600",
      "webp 1920",
      "jpeg 800",
    ]);
  });

  it("makes an event's picture, the background of its whole spotlight slide, at 1200 and 1600 px", () => {
    expect(sizes("images/events/installation.jpg", 2400)).toEqual([
      "webp 1200",
      "webp 1600",
      "jpeg 1200",
    ]);
    expect(sizes("images/events/small.jpg", 1000)).toEqual(["webp 1000", "jpeg 1000"]);
  });

  it("makes the logo and the jewels small, the smallest in the fallback too (the favicon)", () => {
    expect(sizes("images/site/logo.png", 512)).toEqual([
      "webp 160",
      "webp 320",
      "webp 512",
      "png 160",
    ]);
    expect(sizes("images/jewels/tyler.png", 200)).toEqual(["webp 160", "webp 200", "png 160"]);
  });

  it("makes a photo only its album shows as its thumbnail and the lightbox's largest size", () => {
    expect(sizes("albums/2024-x/a.jpg", 4000)).toEqual([
      "webp 1600",
      "thumb webp 400",
      "thumb jpeg 400",
    ]);
    expect(pictureRole("albums/2024-x/a.jpg", new Set())).toBe("album");
  });

  const recent = (albumName: string, eventDate: string, imageUrls: string[]) => ({
    eventName: "Table Lodge",
    eventId: "",
    displayDate: "",
    description: "",
    albumName,
    imageUrls,
    slideLabels: [],
    slideContent: [],
    eventDate,
  });

  it("makes an album photo a recent event shows, and an album's cover, as a page's photo", () => {
    const now = new Date("2024-11-01T12:00:00Z");
    const onPages = albumPicturesOnPages(
      [recent("2024-x", "2024/10/19", ["a.jpg", "https://cdn.example.org/b.jpg", ""])],
      now,
      "America/New_York",
    );
    expect([...onPages]).toEqual(["albums/2024-x/a.jpg"]);
    expect(sizes("albums/2024-x/a.jpg", 1200, onPages)).toEqual([
      "webp 480",
      "webp 800",
      "webp 1200",
      "jpeg 800",
      "thumb webp 400",
      "thumb jpeg 400",
    ]);
    expect(sizes("albums/2024-x/_cover.jpg", 1200)).toEqual([
      "webp 480",
      "webp 800",
      "webp 1200",
      "jpeg 800",
    ]);
  });

  it("counts the slides of recent events still to come or in the window, not those out of it for good", () => {
    const events = [
      recent("2023-10-19-gone", "2023/10/19", ["a.jpg"]),
      recent("2023-11-03-last-day", "2023/11/03", ["a.jpg"]),
      recent("2024-12-01-to-come", "2024/12/01", ["a.jpg"]),
      recent("undated", "", ["a.jpg"]),
    ];
    // 1 November 2024 in New York: 3 November 2023 is 364 days ago, the window's last day.
    const at = (iso: string) => [
      ...albumPicturesOnPages(events, new Date(iso), "America/New_York"),
    ];
    expect(at("2024-11-01T12:00:00Z")).toEqual([
      "albums/2023-11-03-last-day/a.jpg",
      "albums/2024-12-01-to-come/a.jpg",
    ]);
    expect(at("2024-11-02T12:00:00Z")).toEqual(["albums/2024-12-01-to-come/a.jpg"]);
  });
});
