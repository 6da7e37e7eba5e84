import { describe, expect, it } from "vitest";
import { isGalleryPicture, type MediaBases, mediaUrl, siteMediaCopies } from "./media.ts";

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

  it("copies into the site only the folders served from the site itself", () => {
    expect(siteMediaCopies(bases)).toEqual([
      { folder: "images", path: "/media/images/", skip: ["social-events"] },
      { folder: "images/social-events", path: "/media/social-events/", skip: [] },
      { folder: "albums", path: "/media/albums/", skip: [] },
      { folder: "bulletins", path: "/media/bulletins/", skip: [] },
      { folder: "media", path: "/media/", skip: [] },
    ]);
    const bucket = { ...bases, albums: "https://storage.example.com/albums/" };
    expect(siteMediaCopies(bucket).map((c) => c.folder)).not.toContain("albums");
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
