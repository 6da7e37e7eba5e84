import { describe, expect, it } from "vitest";
import { albumNameParts, albumSchema } from "./album.ts";

const album = (albumName: unknown) => albumSchema.safeParse({ albumName, title: "An album" });
const problems = (albumName: unknown) => {
  const result = album(albumName);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("albumName", () => {
  it("takes the folder names lodges gave their albums, as they are", () => {
    for (const name of [
      "2024-10-19-table-lodge",
      "2017_03_15_Sports_Night",
      "2019.12.11 Brotherhood Night",
      "2018_3_7_Awards_Night",
      "2016-06-04",
      "2015_05_16_Widows'_Dinner_(Spring)",
    ]) {
      expect(album(name)).toMatchObject({ success: true, data: { albumName: name } });
    }
  });

  it("refuses a name without a date first, naming examples that would do", () => {
    expect(problems("Sports Night 2017")).toEqual([
      `expected a folder name that starts with its date, such as '2024-10-19-table-lodge' or '2017_03_15_Sports_Night', found "Sports Night 2017"`,
    ]);
    expect(problems(20170315)).toEqual([
      "expected a folder name such as '2024-10-19-table-lodge' or '2017_03_15_Sports_Night', found 20170315",
    ]);
  });

  it("says why a date that cannot be is wrong", () => {
    expect(problems("2017_02_30_Sports_Night")).toEqual([
      'February 2017 has 28 days, found "2017_02_30_Sports_Night"',
    ]);
  });

  it("refuses what a folder or a web address cannot hold", () => {
    expect(problems("2017_03_15_Sports/Night")).toEqual([
      `a folder name cannot hold "/", found "2017_03_15_Sports/Night"; rename the folder and the album`,
    ]);
    expect(problems("2017_03_15 100% Fun")).toEqual([
      `a folder name cannot hold "%", found "2017_03_15 100% Fun"; rename the folder and the album`,
    ]);
    expect(problems("2017_03_15 Fun ")).toEqual([
      `a folder name cannot hold spaces at its ends, found "2017_03_15 Fun "; rename the folder and the album`,
    ]);
  });
});

describe("albumNameParts", () => {
  it("splits a folder name into its date and the rest, whatever separates them", () => {
    expect(albumNameParts("2024-10-19-table-lodge")).toEqual({
      date: "2024-10-19",
      rest: "table-lodge",
    });
    expect(albumNameParts("2018_3_7_Awards_Night")).toEqual({
      date: "2018-3-7",
      rest: "Awards_Night",
    });
    expect(albumNameParts("2016-06-04")).toEqual({ date: "2016-06-04", rest: "" });
    expect(albumNameParts("table-lodge-2024")).toBeUndefined();
  });
});
