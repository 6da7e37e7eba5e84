import { describe, expect, it } from "vitest";
import type { LodgeData } from "../schemas/lodge-data.ts";
import { entryMedia, mediaReferences } from "./media-references.ts";

/** Only the fields that name files matter here; the rest of LodgeData is left out. */
const data = {
  lodge: {
    defaultPortrait: "default-portrait.jpg",
    links: { petition: "/media/petition.pdf", facebook: "https://example.org/" },
  },
  events: [
    { name: "Table Lodge", spotlightImage: "table-lodge.jpg" },
    { name: "Stated Meeting", spotlightImage: "" },
  ],
  socialEvents: [{ name: "Bowling", eventImageUrl: "https://cdn.example.org/bowling.jpg" }],
  officers: [{ name: "David Peterson", image: "david.jpg", jewel: "worshipful-master.png" }],
  pastMasters: { main: [{ number: 1, imgUrl: "pm-1.jpg" }], "golden-square": [{ imgUrl: "" }] },
  bulletins: { current: "2026-fall.pdf", past: [{ year: 2025, filename: "2025-summer.pdf" }] },
  albums: [{ albumName: "2024-10-19-table-lodge", title: "Table Lodge" }],
  albumPictures: { "2024-10-19-table-lodge": [{ file: "toast.jpg", width: 6, height: 4 }] },
  recentEvents: [{ albumName: "2024-10-19-table-lodge", imageUrls: ["toast.jpg", "raise.jpg"] }],
  history: [{ year: 1867, imageSrc: "charter-1867.jpg" }],
  pages: { "about-us": { title: "About", image: { src: "pages/about.jpg" } }, home: {} },
} as unknown as LodgeData;

const where = (refs: ReturnType<typeof mediaReferences>) =>
  refs.map(({ entity, slug, path, kind, folder, file }) => ({
    at: [entity, ...(slug === undefined ? [] : [slug]), ...path].join("."),
    kind,
    folder,
    file,
  }));

describe("mediaReferences", () => {
  it("finds every file the data names by the entity table's media fields, with where it is named", () => {
    expect(where(mediaReferences(data))).toEqual([
      {
        at: "lodge.defaultPortrait",
        kind: "images",
        folder: "images",
        file: "default-portrait.jpg",
      },
      { at: "lodge.links.petition", kind: "media", folder: "media", file: "petition.pdf" },
      {
        at: "events.0.spotlightImage",
        kind: "eventImages",
        folder: "images/events",
        file: "table-lodge.jpg",
      },
      {
        at: "socialEvents.0.eventImageUrl",
        kind: "socialEvents",
        folder: "images/social-events",
        file: "https://cdn.example.org/bowling.jpg",
      },
      { at: "officers.0.image", kind: "officers", folder: "images/officers", file: "david.jpg" },
      {
        at: "officers.0.jewel",
        kind: "jewels",
        folder: "images/jewels",
        file: "worshipful-master.png",
      },
      {
        at: "pastMasters.main.0.imgUrl",
        kind: "pastMasters",
        folder: "images/past-masters",
        file: "pm-1.jpg",
      },
      { at: "bulletins.current", kind: "bulletins", folder: "bulletins", file: "2026-fall.pdf" },
      {
        at: "bulletins.past.0.filename",
        kind: "bulletins",
        folder: "bulletins",
        file: "2025-summer.pdf",
      },
      {
        at: "albums.0.albumName",
        kind: "albums",
        folder: "albums/2024-10-19-table-lodge",
        file: "_cover.jpg",
      },
      {
        at: "recentEvents.0.imageUrls.0",
        kind: "albums",
        folder: "albums/2024-10-19-table-lodge",
        file: "toast.jpg",
      },
      {
        at: "recentEvents.0.imageUrls.1",
        kind: "albums",
        folder: "albums/2024-10-19-table-lodge",
        file: "raise.jpg",
      },
      {
        at: "history.0.imageSrc",
        kind: "history",
        folder: "images/history",
        file: "charter-1867.jpg",
      },
      {
        at: "pages.about-us.image.src",
        kind: "images",
        folder: "images",
        file: "pages/about.jpg",
      },
    ]);
  });

  it("gives each reference the entry that names it", () => {
    const officer = mediaReferences(data).find((ref) => ref.kind === "jewels");
    expect(officer?.entry).toBe(data.officers[0]);
    const past = mediaReferences(data).find((ref) => ref.path[0] === "past");
    expect(past?.entry).toBe(data.bulletins.past[0]);
  });

  it("takes a petition linked elsewhere than /media/ for an address, not a file of data/media", () => {
    const linked = { ...data, lodge: { ...data.lodge, links: { petition: "/join" } } };
    expect(mediaReferences(linked as LodgeData).some((ref) => ref.kind === "media")).toBe(false);
  });
});

describe("entryMedia", () => {
  it("reads one entry as an old site's file has it, paths within the entry", () => {
    expect(
      where(entryMedia("officers", { name: "A", image: "../assets/a.jpg", jewel: 3 })),
    ).toEqual([
      {
        at: "officers.image",
        kind: "officers",
        folder: "images/officers",
        file: "../assets/a.jpg",
      },
    ]);
    expect(where(entryMedia("bulletins", { year: 2024, filename: "b.pdf" }))).toEqual([
      { at: "bulletins.filename", kind: "bulletins", folder: "bulletins", file: "b.pdf" },
    ]);
  });

  it("puts a recent event's pictures in its album's folder, and names no cover for an album", () => {
    expect(
      where(entryMedia("recentEvents", { albumName: "2024-01-01-x", imageUrls: ["a.jpg"] })),
    ).toEqual([
      {
        at: "recentEvents.imageUrls.0",
        kind: "albums",
        folder: "albums/2024-01-01-x",
        file: "a.jpg",
      },
    ]);
    expect(entryMedia("recentEvents", { imageUrls: ["a.jpg"] })).toEqual([]);
    expect(entryMedia("albums", { albumName: "2024-01-01-x", title: "X" })).toEqual([]);
  });
});
