import { describe, expect, it } from "vitest";
import type { PastMaster } from "../../core/schemas/past-master.ts";
import { matchLists, type TargetList } from "./legacy-lists.ts";

const master = (number: number, name: string, term: string): PastMaster => ({
  number,
  name,
  term,
  imgUrl: "",
});
const LISTS: TargetList[] = [
  {
    slug: "main",
    route: "past-masters",
    heading: "Past Masters of Maple Grove Lodge No. 655",
    masters: [],
  },
  {
    slug: "golden-square",
    route: "golden-square-past-masters",
    heading: "Past Masters of Golden Square Lodge No. 679",
    masters: [],
  },
  {
    slug: "university-heights",
    route: "university-heights-past-masters",
    heading: "Past Masters of University Heights Lodge No. 738",
    masters: [
      master(1, "Gerald K. Fisher", "1952-1953"),
      master(2, "Edward M. Stone", "1953-1954"),
    ],
  },
];
const file = (
  name: string,
  masters: PastMaster[] = [master(1, "Someone Else", "1990 - 1991")],
) => ({
  file: `old/${name}.json`,
  name,
  masters,
});

describe("matchLists", () => {
  it("places a file by the masters it holds, its name's words, initials or lodge number", () => {
    const { matches, problems } = matchLists(
      [
        file("bundled", [
          master(1, "GERALD K FISHER", "1952-53"),
          master(2, "Edward M. Stone", "1953-54"),
        ]),
        file("lodge679Masters"),
        file("mainLodgeList"),
      ],
      LISTS,
      new Map(),
    );
    expect(problems).toEqual([]);
    expect(matches).toEqual([
      { file: "old/bundled.json", slug: "university-heights", why: "by the masters it holds" },
      { file: "old/lodge679Masters.json", slug: "golden-square", why: "by its file name" },
      { file: "old/mainLodgeList.json", slug: "main", why: "by its file name" },
    ]);
    expect(matchLists([file("gsMasters")], LISTS, new Map()).matches[0]?.slug).toBe(
      "golden-square",
    );
  });

  it("takes the old site's past-master-list.json, or a list that starts in the charter year, as the lodge's own", () => {
    expect(matchLists([file("past-master-list")], LISTS, new Map()).matches).toEqual([
      {
        file: "old/past-master-list.json",
        slug: "main",
        why: "as the old site's file of the lodge's own list",
      },
    ]);
    const founders = file("founders", [
      master(0, "Josiah Abbott", "U.D. 1867"),
      master(1, "Ezra Beck", "1867 - 1868"),
    ]);
    expect(matchLists([founders], LISTS, new Map(), 1867).matches[0]).toMatchObject({
      slug: "main",
    });
    expect(matchLists([founders], LISTS, new Map(), 1901).problems).toHaveLength(1);
  });

  it("follows --list, and says what is wrong with one that names no list or the same list twice", () => {
    expect(matchLists([file("bundled")], LISTS, new Map([["bundled", "main"]])).matches).toEqual([
      { file: "old/bundled.json", slug: "main", why: "as --list says" },
    ]);
    const { problems } = matchLists(
      [file("a"), file("b"), file("c")],
      LISTS,
      new Map([
        ["a", "golden"],
        ["b", "main"],
        ["c", "main"],
      ]),
    );
    expect(problems).toEqual([
      '--list a=golden: lodge.yaml has no past-master list "golden"; use one of main, golden-square, university-heights, or add it to lodge.yaml\'s pastMasters first',
      '--list: two files are named for the list "main" (b.json and c.json); give each its own list, or leave the older export out with --skip FILE',
    ]);
  });

  it("says which of two files fitting one list is the older export, to leave out with --skip", () => {
    const current = file("pastMasterListUH", [
      master(1, "Gerald K. Fisher", "1952-1953"),
      master(74, "Alan P. Quinn", "2020"),
    ]);
    const older = file("pastMasterListUH-2019", [
      master(1, "Gerald K. Fisher", "1952-1953"),
      master(73, "Robert W. Jackson", "2019"),
    ]);
    expect(matchLists([older, current], LISTS, new Map()).problems).toEqual([
      "old/pastMasterListUH-2019.json and old/pastMasterListUH.json both fit the list \"university-heights\" (each by the masters it holds), which takes one file: leave the older export out with --skip pastMasterListUH-2019.json (its terms end in 2019, pastMasterListUH.json's in 2020), or name each file's list with --list FILE=SLUG",
    ]);
    expect(
      matchLists(
        [older, current],
        LISTS,
        new Map([
          ["pastMasterListUH", "university-heights"],
          ["pastMasterListUH-2019", "university-heights"],
        ]),
      ).problems,
    ).toEqual([
      '--list: two files are named for the list "university-heights" (pastMasterListUH-2019.json and pastMasterListUH.json); give each its own list, or leave the older export out with --skip pastMasterListUH-2019.json (its terms end in 2019, pastMasterListUH.json\'s in 2020)',
    ]);
  });

  it("leaves a file it cannot place to the user, never making up a list", () => {
    expect(matchLists([file("misc")], LISTS, new Map())).toEqual({
      matches: [],
      problems: [
        "old/misc.json holds 1 past master, but lodge cannot tell which list of lodge.yaml (main, golden-square, university-heights) it belongs to; name it with --list misc=SLUG, or add the list to lodge.yaml's pastMasters first",
      ],
    });
  });
});
