import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findImagesFolder, ImagesTree, localiseAssets } from "./legacy-assets.ts";

/** An old app's checkout: src/data, src/assets/data and src/assets/images with these files. */
let app: string;
let images: string;
beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), "lodge-old-app-"));
  images = join(app, "src", "assets", "images");
  for (const file of [
    "hats.jpeg",
    "current-officers/reed.jpg",
    "past_masters/2021-2022_lane.jpg",
    "past_masters/pm-1.jpg",
    "officer-jewels/worshipful_master.png",
    "officer-jewels/Senior_Warden.PNG",
    "events/brotherhood-night.jpg",
    "events/smith.jpg",
    "history/smith.jpg",
    "current-officers/ortiz.jpg",
    "officer-jewels/ortiz.jpg",
  ]) {
    mkdirSync(dirname(join(images, file)), { recursive: true });
    writeFileSync(join(images, file), file);
  }
  mkdirSync(join(app, "src", "data"));
  mkdirSync(join(app, "src", "assets", "data"));
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

const inTree = (file: string) => ({ found: join(images, file) });

describe("the old app's pictures, found as its pages found them", () => {
  it("finds the images folder from the JSON files' folder, in either layout", () => {
    expect(findImagesFolder(join(app, "src", "data"))).toBe(images);
    expect(findImagesFolder(join(app, "src", "assets", "data"))).toBe(images);
    expect(findImagesFolder(app)).toBe(images);
    expect(findImagesFolder(tmpdir())).toBeUndefined();
  });

  it("looks as written, in the images folder, under the folder the page adds, then by a file name found once", () => {
    const tree = new ImagesTree(images);
    // As written: the asset path the past masters' page named.
    expect(tree.find("../../../assets/images/past_masters/pm-1.jpg", "")).toEqual(
      inTree("past_masters/pm-1.jpg"),
    );
    // Relative to the images folder: officers' portraits and spotlight pictures.
    expect(tree.find("past_masters/2021-2022_lane.jpg", "")).toEqual(
      inTree("past_masters/2021-2022_lane.jpg"),
    );
    expect(tree.find("hats.jpeg", "")).toEqual(inTree("hats.jpeg"));
    // Under the folder the page adds: a jewel is shown from officer-jewels/.
    expect(tree.find("worshipful_master.png", "officer-jewels")).toEqual(
      inTree("officer-jewels/worshipful_master.png"),
    );
    // A name the page's own folder holds comes before one found elsewhere by its name.
    expect(tree.find("ortiz.jpg", "officer-jewels")).toEqual(inTree("officer-jewels/ortiz.jpg"));
    // By a file name the tree holds once, in any case when not exactly.
    expect(tree.find("brotherhood-night.jpg", "")).toEqual(inTree("events/brotherhood-night.jpg"));
    expect(tree.find("senior_warden.png", "officer-jewels")).toEqual(
      inTree("officer-jewels/Senior_Warden.PNG"),
    );
  });

  it("names both candidates of a file name found twice, and finds nothing for a name not there", () => {
    const tree = new ImagesTree(images);
    expect(tree.find("smith.jpg", "")).toEqual({
      candidates: [join(images, "events/smith.jpg"), join(images, "history/smith.jpg")],
    });
    expect(tree.find("ortiz.jpg", "")).toEqual({
      candidates: [
        join(images, "current-officers/ortiz.jpg"),
        join(images, "officer-jewels/ortiz.jpg"),
      ],
    });
    expect(tree.find("tyler.png", "officer-jewels")).toEqual({ missing: true });
    expect(new ImagesTree(undefined).find("hats.jpeg", "")).toEqual({ missing: true });
  });

  it("names each picture by its file name in its data folder, two of one name apart", () => {
    const tree = new ImagesTree(images);
    const claims = new Map<string, string>();
    const reed = localiseAssets(
      "officers",
      {
        name: "Thomas A. Reed",
        image: "current-officers/reed.jpg",
        jewel: "worshipful_master.png",
      },
      tree,
      claims,
    );
    expect(reed.entry).toEqual({
      name: "Thomas A. Reed",
      image: "reed.jpg",
      jewel: "worshipful_master.png",
    });
    expect(reed.copies.map(({ to, from }) => [to, from])).toEqual([
      ["images/officers/reed.jpg", join(images, "current-officers/reed.jpg")],
      ["images/jewels/worshipful_master.png", join(images, "officer-jewels/worshipful_master.png")],
    ]);
    // Two files named smith.jpg for one data folder: the second keeps its old folder's name.
    const first = localiseAssets("events", { spotlightImage: "events/smith.jpg" }, tree, claims);
    const second = localiseAssets("events", { spotlightImage: "history/smith.jpg" }, tree, claims);
    expect([first.entry.spotlightImage, second.entry.spotlightImage]).toEqual([
      "smith.jpg",
      "history-smith.jpg",
    ]);
    // A portrait kept at a full address stays there.
    const kept = localiseAssets(
      "pastMasters",
      { number: 1, name: "A", term: "1868", imgUrl: "https://example.org/a.jpg" },
      tree,
      claims,
    );
    expect([kept.entry.imgUrl, kept.copies]).toEqual(["https://example.org/a.jpg", []]);
    // An outing's picture is in a bucket on the old site: not looked for.
    expect(
      localiseAssets("socialEvents", { eventImageUrl: "hats.jpeg" }, tree, claims).copies,
    ).toEqual([]);
  });
});
