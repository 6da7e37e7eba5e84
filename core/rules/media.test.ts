import { describe, expect, it } from "vitest";
import {
  isGalleryPicture,
  isProcessedFileName,
  type MediaBases,
  mediaFolders,
  mediaUrl,
  processedFileName,
  processedPlace,
  processedUrl,
} from "./media.ts";

const bases: MediaBases = {
  images: "/media/images/",
  albums: "/media/albums/",
  thumbnails: "/media/thumbnails/",
  bulletins: "/media/bulletins/",
  socialEvents: "/media/social-events/",
};

describe("media addresses", () => {
  it("serves each kind of file from its lodge.yaml base and its folder under it", () => {
    expect(mediaUrl(bases, "history", "charter-1867.jpg")).toBe(
      "/media/images/history/charter-1867.jpg",
    );
    expect(mediaUrl(bases, "pastMasters", "pm-1.jpg")).toBe("/media/images/past-masters/pm-1.jpg");
    expect(mediaUrl(bases, "images", "pages/about.jpg")).toBe("/media/images/pages/about.jpg");
    expect(mediaUrl(bases, "socialEvents", "bowling.jpg")).toBe("/media/social-events/bowling.jpg");
    expect(mediaUrl(bases, "albums", "2024-10-19-table-lodge/_cover.jpg")).toBe(
      "/media/albums/2024-10-19-table-lodge/_cover.jpg",
    );
    expect(mediaUrl(bases, "media", "petition.pdf")).toBe("/media/petition.pdf");
  });

  it("keeps full addresses and empty names as they are, and encodes file names", () => {
    expect(mediaUrl(bases, "officers", "https://cdn.example.org/a.jpg")).toBe(
      "https://cdn.example.org/a.jpg",
    );
    expect(mediaUrl(bases, "officers", "")).toBe("");
    expect(mediaUrl(bases, "officers", "John Smith #2.jpg")).toBe(
      "/media/images/officers/John%20Smith%20%232.jpg",
    );
  });

  it("works with a bucket address and a base written without the last slash", () => {
    const bucket = { ...bases, bulletins: "https://storage.example.com/lodge/bulletins" };
    expect(mediaUrl(bucket, "bulletins", "b.pdf")).toBe(
      "https://storage.example.com/lodge/bulletins/b.pdf",
    );
  });

  it("says which base serves each media folder, on the site or in a bucket", () => {
    const bucket = { ...bases, albums: "https://storage.example.com/albums" };
    expect(mediaFolders(bucket)).toEqual([
      { kind: "images", folder: "images", base: "/media/images/", skip: ["social-events"] },
      {
        kind: "socialEvents",
        folder: "images/social-events",
        base: "/media/social-events/",
        skip: [],
      },
      { kind: "albums", folder: "albums", base: "https://storage.example.com/albums/", skip: [] },
      { kind: "bulletins", folder: "bulletins", base: "/media/bulletins/", skip: [] },
      { kind: "media", folder: "media", base: "/media/", skip: [] },
    ]);
  });
});

describe("addresses of the pictures lodge images made", () => {
  it("serves each processed file beside its original, under the same base", () => {
    expect(processedUrl(bases, "images/events/steak-roast-1f2e3d4c-640.webp")).toBe(
      "/media/images/events/steak-roast-1f2e3d4c-640.webp",
    );
    expect(processedUrl(bases, "images/site/hero-1f2e3d4c-1600.jpg")).toBe(
      "/media/images/site/hero-1f2e3d4c-1600.jpg",
    );
    expect(processedUrl(bases, "images/social-events/bowling-1f2e3d4c-320.webp")).toBe(
      "/media/social-events/bowling-1f2e3d4c-320.webp",
    );
    expect(processedUrl(bases, "albums/2024-10-19-table-lodge/a b-1f2e3d4c-320.jpg")).toBe(
      "/media/albums/2024-10-19-table-lodge/a%20b-1f2e3d4c-320.jpg",
    );
  });

  it("serves album thumbnails from the thumbnails base, by album and name", () => {
    expect(
      processedPlace(bases, "thumbnails/albums/2024-10-19-table-lodge/a-1f2e3d4c-400.webp"),
    ).toEqual({
      kind: "thumbnails",
      base: "/media/thumbnails/",
      path: "2024-10-19-table-lodge/a-1f2e3d4c-400.webp",
    });
    const bucket = { ...bases, thumbnails: "https://storage.example.com/thumbs" };
    expect(processedUrl(bucket, "thumbnails/albums/x/a-1f2e3d4c-400.jpg")).toBe(
      "https://storage.example.com/thumbs/x/a-1f2e3d4c-400.jpg",
    );
  });

  it("names each size by the source, its content hash and the width, so a name never changes content", () => {
    expect(processedFileName("hall-1889", "1f2e3d4c5b6a", 640, "jpeg")).toBe(
      "hall-1889-1f2e3d4c-640.jpg",
    );
    expect(isProcessedFileName("images/history/hall-1889-1f2e3d4c-640.webp")).toBe(true);
    expect(isProcessedFileName("images/history/hall-1889.jpg")).toBe(false);
    expect(isProcessedFileName("bulletins/2024-11-12.pdf")).toBe(false);
  });

  it("refuses a path lodge images does not make", () => {
    expect(() => processedUrl(bases, "bulletins/b.pdf")).toThrow(
      "bulletins/b.pdf is not a file lodge images makes",
    );
  });
});

describe("album pictures", () => {
  it("leaves files with 'cover' in the name and files that are not pictures out of a gallery", () => {
    expect(isGalleryPicture("table-lodge-01.jpg")).toBe(true);
    expect(isGalleryPicture("IMG_2041.JPEG")).toBe(true);
    expect(isGalleryPicture("toast.webp")).toBe(true);
    expect(isGalleryPicture("_cover.jpg")).toBe(false);
    expect(isGalleryPicture("Back-Cover.png")).toBe(false);
    expect(isGalleryPicture("notes.txt")).toBe(false);
    expect(isGalleryPicture(".DS_Store")).toBe(false);
  });
});
