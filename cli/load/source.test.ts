import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PAST_MASTER_COLUMNS } from "../../core/schemas/past-master.ts";
import { sampleCopy } from "../../test/support/cli-harness.ts";
import { loadData } from "./load-data.ts";
import { csvSource, decodeText } from "./source.ts";

const bytes = (...parts: (string | number)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "number" ? Buffer.from([p]) : Buffer.from(p))));

describe("decodeText", () => {
  it("reads UTF-8, dropping the BOM Excel writes before 'CSV UTF-8'", () => {
    expect(decodeText("a.csv", bytes(0xef, 0xbb, 0xbf, "name\r\nJosé\r\n"))).toEqual({
      text: "name\r\nJosé\r\n",
      encoding: "UTF-8",
      problems: [],
    });
  });

  it("reads Windows-1252 (Excel's 'CSV') as written and says how to save it as UTF-8", () => {
    const read = decodeText("a.csv", bytes("name\r\nJos", 0xe9, " Mart", 0xed, "nez\r\n"));
    expect(read.text).toBe("name\r\nJosé Martínez\r\n");
    expect(read.encoding).toBe("Windows-1252");
    expect(read.problems.map((p) => [p.severity, p.message])).toEqual([
      [
        "warning",
        "this file is saved as Windows-1252 (Excel's 'CSV (Comma delimited)'), not UTF-8; lodge read it so (\"José Martínez\"), but to be sure every tool does, save it as UTF-8: in Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in LibreOffice tick 'Edit filter settings' and choose 'Unicode (UTF-8)'",
      ],
    ]);
  });

  it("refuses UTF-16 and bytes no Windows-1252 letter has, never garbling a name", () => {
    for (const file of [bytes(0xff, 0xfe, "n\0a\0"), bytes("Jos", 0x81, "\n")]) {
      const read = decodeText("a.csv", file);
      expect(read.text).toBeUndefined();
      expect(read.problems).toHaveLength(1);
      expect(read.problems[0]?.message).toMatch(
        /so lodge cannot read its letters as written; save it as UTF-8 \(in Excel choose File > Save As > 'CSV UTF-8 \(Comma delimited\)'/,
      );
    }
  });
});

describe("csvSource", () => {
  it("ignores the empty columns spreadsheets save at the end of every line, and empty lines", () => {
    const source = csvSource("a.csv", "number,name,term,,\n1,Adam,1867 - 1868,,\n,,,,\n");
    expect(source.value).toEqual([{ number: "1", name: "Adam", term: "1867 - 1868" }]);
    expect(source.problems).toEqual([]);
  });

  it("still refuses a row with a value beyond the header's columns", () => {
    const source = csvSource("a.csv", "number,name,term\n1,Adam,Jr.,1867 - 1868\n");
    expect(source.problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [
        2,
        12,
        "expected 3 columns (number,name,term), found 4; put a value that contains a comma in double quotes",
      ],
    ]);
  });

  it("reads headers in any case quietly, and other names of a column saying so once", () => {
    const source = csvSource(
      "a.csv",
      "No.,Worshipful Master,TERM,IMGURL\n1,Adam,1867 - 1868,a.jpg\n2,Bob,1868 - 1869,\n",
      PAST_MASTER_COLUMNS,
    );
    expect(source.header).toEqual(["number", "name", "term", "imgUrl"]);
    expect(source.value).toEqual([
      { number: "1", name: "Adam", term: "1867 - 1868", imgUrl: "a.jpg" },
      { number: "2", name: "Bob", term: "1868 - 1869", imgUrl: "" },
    ]);
    expect(source.problems.map((p) => [p.severity, p.column, p.message])).toEqual([
      ["note", 1, 'the column "No." is read as number'],
      ["note", 5, 'the column "Worshipful Master" is read as name'],
    ]);
  });
});

describe("loading past-masters/*.csv", () => {
  it("reads a list Excel saved (Windows-1252, CRLF, its own headers, empty columns) as written", () => {
    const sample = sampleCopy();
    try {
      writeFileSync(
        join(sample.data, "past-masters", "golden-square.csv"),
        bytes(
          "Number,Worshipful Master,Year,,\r\n1,Jos",
          0xe9,
          " Mart",
          0xed,
          "nez,1921",
          0x96,
          "22,,\r\n",
        ),
      );
      const { data, problems } = loadData(sample.data, sample.root);
      expect(data?.pastMasters["golden-square"]).toEqual([
        { number: 1, name: "José Martínez", term: "1921–22", imgUrl: "" },
      ]);
      expect(
        problems
          .filter((p) => p.file === "data/past-masters/golden-square.csv")
          .map((p) => [p.severity, p.message.slice(0, 60)]),
      ).toEqual([
        ["warning", "this file is saved as Windows-1252 (Excel's 'CSV (Comma deli"],
        ["note", 'the column "Worshipful Master" is read as name'],
        ["note", 'the column "Year" is read as term'],
      ]);
    } finally {
      sample.cleanup();
    }
  });
});
