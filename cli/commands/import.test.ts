import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, sampleCopy } from "../../test/support/cli-harness.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
  sample.write(
    "past-masters/golden-square.csv",
    "number,name,term,imgUrl\n1,Adam Example,1921 - 1922,gs-1.jpg\n2,Bob Example,1922 - 1923,\n",
  );
});
afterEach(() => sample.cleanup());

const csv = (text: string) => {
  const path = join(sample.root, "masters.csv");
  writeFileSync(path, text);
  return "masters.csv";
};
/** `lodge import past-masters FILE --lodge golden-square` with `flags`, in the sample copy. */
const importCsv = (file: string, ...flags: string[]) =>
  lodge(sample.root, "import", "past-masters", file, "--lodge", "golden-square", ...flags);
const list = () => readFileSync(join(sample.data, "past-masters", "golden-square.csv"), "utf8");

describe("lodge import past-masters", () => {
  it("merges a spreadsheet export by number and term, coping with a BOM, CRLF, quotes, spaces and blank lines", async () => {
    const file = csv(
      '\uFEFFnumber,name,term\r\n 2 , Robert Example ,1922 - 1923\r\n\r\n3,"Carl Example, Jr.",1923-1924\r\n1,Adam Example,1921 - 1922\r\n',
    );
    const { code, stdout } = await importCsv(file);
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "changed 2 Robert Example (1922 - 1923): name was Bob Example",
      "added 3 Carl Example, Jr. (1923 - 1924)",
      "data/past-masters/golden-square.csv: 1 added, 1 changed, 1 unchanged; 3 past masters in all.",
    ]);
    expect(list()).toBe(
      'number,name,term,imgUrl\n1,Adam Example,1921 - 1922,gs-1.jpg\n2,Robert Example,1922 - 1923,\n3,"Carl Example, Jr.",1923 - 1924,\n',
    );
  });

  it("reads Excel's Windows-1252 CSV as written, with its headers in any case or as the site's table names them and empty columns at the end", async () => {
    // As Excel saves 'CSV (Comma delimited)': Windows-1252 (é is 0xE9, the en dash 0x96), CRLF.
    const text =
      "NUMBER,Worshipful Master,Year,,\r\n3,Jos\u00e9 Mart\u00ednez,1923\u20131924,,\r\n4,Ren\u00e9 O\u2019Brien,1924-25,,\r\n,,,,\r\n";
    const bytes = Buffer.from(
      [...text].map((c) => ({ "\u2013": 0x96, "\u2019": 0x92 })[c] ?? c.charCodeAt(0)),
    );
    writeFileSync(join(sample.root, "excel.csv"), bytes);
    const { code, stdout } = await importCsv("excel.csv");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      `excel.csv  warning  this file is saved as Windows-1252 (Excel's 'CSV (Comma delimited)'), not UTF-8; lodge read it so ("Jos\u00e9 Mart\u00ednez"), but to be sure every tool does, save it as UTF-8: in Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in LibreOffice tick 'Edit filter settings' and choose 'Unicode (UTF-8)'`,
      `excel.csv:1:8  note  the column "Worshipful Master" is read as name`,
      `excel.csv:1:26  note  the column "Year" is read as term`,
      "added 3 Jos\u00e9 Mart\u00ednez (1923 - 1924)",
      "added 4 Ren\u00e9 O\u2019Brien (1924 - 1925)",
      "data/past-masters/golden-square.csv: 2 added, 0 changed, 0 unchanged; 4 past masters in all.",
    ]);
    expect(list()).toContain(
      "3,Jos\u00e9 Mart\u00ednez,1923 - 1924,\n4,Ren\u00e9 O\u2019Brien,1924 - 1925,\n",
    );
  });

  it("refuses a file in an encoding it cannot tell, saying how to save it as UTF-8, and writes nothing", async () => {
    const before = list();
    // 0x81 is no letter in Windows-1252, and the bytes are not UTF-8 either.
    writeFileSync(
      join(sample.root, "odd.csv"),
      Buffer.from([
        ...Buffer.from("number,name,term\n3,Jos"),
        0x81,
        ...Buffer.from(",1923 - 1924\n"),
      ]),
    );
    const { code, stdout, stderr } = await importCsv("odd.csv");
    expect(code).toBe(1);
    expect(stdout).toEqual([
      "odd.csv  this file is not saved as UTF-8, so lodge cannot read its letters as written; save it as UTF-8 (in Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in LibreOffice tick 'Edit filter settings' and choose 'Unicode (UTF-8)') and try again",
    ]);
    expect(stderr).toEqual(["odd.csv could not be read (listed above). Nothing was written."]);
    expect(list()).toBe(before);
  });

  it("matches terms however they are written and tells By Affiliation masters apart by name", async () => {
    sample.write(
      "past-masters/golden-square.csv",
      "number,name,term,imgUrl\n1,Adam Example,1999 - 2000,gs-1.jpg\n-1,Abel Affiliate,By Affiliation,\n-1,Bart Affiliate,By Affiliation,ba.jpg\n",
    );
    const file = csv(
      "number,name,term\n1,Adam Example,1999-00\n-1,Bart Affiliate,by affiliation\n-1,Carl Affiliate,By Affiliation\n-1,Dave Affiliate,By Affiliation\n",
    );
    const { code, stdout } = await importCsv(file);
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "added -1 Carl Affiliate (By Affiliation)",
      "added -1 Dave Affiliate (By Affiliation)",
      "data/past-masters/golden-square.csv: 2 added, 0 changed, 2 unchanged; 5 past masters in all.",
    ]);
    for (const term of ["1999 \u2013 00", "1999\u20142000", "1999-2000"]) {
      const again = await importCsv(csv(`number,name,term\n1,Adam Example,${term}\n`));
      expect(again.stdout.at(-1)).toBe(
        "data/past-masters/golden-square.csv: nothing to change, 1 unchanged; 5 past masters in all. Nothing was written.",
      );
    }
  });

  it("says so, instead of adding a second master, when a row's number is in the list with another term", async () => {
    const before = list();
    const file = csv("number,name,term\n2,Bob Example,1923 - 1924\n3,Carl Example,1923 - 1924\n");
    const { code, stdout, stderr } = await importCsv(file);
    expect(code).toBe(1);
    expect(stdout).toEqual([
      "masters.csv:2:1  row[0] (2 Bob Example)  number 2 is already Bob Example (1922 - 1923) in data/past-masters/golden-square.csv, so this row is not added as another master; correct its number or term, or import the whole list with --replace",
    ]);
    expect(stderr).toEqual(["masters.csv has a bad row (listed above). Nothing was written."]);
    expect(list()).toBe(before);
  });

  it("replaces the list with --replace and counts what it removed", async () => {
    const file = csv("number,name,term\n3,Carl Example,1923 - 1924\n");
    const { code, stdout } = await importCsv(file, "--replace");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "added 3 Carl Example (1923 - 1924)",
      "removed 1 Adam Example (1921 - 1922)",
      "removed 2 Bob Example (1922 - 1923)",
      "data/past-masters/golden-square.csv: 1 added, 0 changed, 0 unchanged, 2 removed; 1 past master in all.",
    ]);
    expect(list()).toBe("number,name,term,imgUrl\n3,Carl Example,1923 - 1924,\n");
  });

  it("shows with --dry-run what it would change, and with --json the same as data, writing nothing", async () => {
    const before = list();
    const file = csv(
      "number,name,term,imgUrl\n1,Adam Example,1921-1922,gs-1b.jpg\n4,Dan Example,1924 - 1925,\n",
    );
    const dry = await importCsv(file, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toEqual([
      "would change 1 Adam Example (1921 - 1922): portrait was gs-1.jpg",
      "would add 4 Dan Example (1924 - 1925)",
      "data/past-masters/golden-square.csv would have 1 added, 1 changed, 0 unchanged; 3 past masters in all. Nothing was written (--dry-run).",
    ]);
    expect(list()).toBe(before);

    const json = await importCsv(file, "--dry-run", "--json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout.join("\n"))).toEqual({
      file: "data/past-masters/golden-square.csv",
      lodge: "golden-square",
      dryRun: true,
      written: false,
      added: [{ number: 4, name: "Dan Example", term: "1924 - 1925", imgUrl: "" }],
      changed: [
        {
          was: { number: 1, name: "Adam Example", term: "1921 - 1922", imgUrl: "gs-1.jpg" },
          now: { number: 1, name: "Adam Example", term: "1921 - 1922", imgUrl: "gs-1b.jpg" },
        },
      ],
      unchanged: 0,
      removed: [],
      total: 3,
      problems: [],
    });
    expect(list()).toBe(before);
  });

  it("leaves the file untouched when the import brings nothing new", async () => {
    const mtime = statSync(join(sample.data, "past-masters", "golden-square.csv")).mtimeMs;
    const before = list();
    const { code, stdout } = await importCsv(csv("number,name,term\n2,Bob Example,1922 - 1923\n"));
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "data/past-masters/golden-square.csv: nothing to change, 1 unchanged; 2 past masters in all. Nothing was written.",
    ]);
    expect(list()).toBe(before);
    expect(statSync(join(sample.data, "past-masters", "golden-square.csv")).mtimeMs).toBe(mtime);
  });

  it("reports every bad row with its line and reason and writes nothing", async () => {
    const before = list();
    const file = csv(
      "number,name,term\n1,Adam Example,1921 - 1922\nx,Bad Number,1922 - 1923\n3,,1923 - 1924\n",
    );
    const { code, stdout, stderr } = await importCsv(file);
    expect(code).toBe(1);
    expect(stdout).toEqual([
      `masters.csv:3:1  row[1] (x Bad Number)  number: expected a whole number (-1 for By Affiliation, 0 for Under Dispensation) from -1 to 9999, found "x"`,
      "masters.csv:4:3  row[2] (3)  name: expected the past master's name, found an empty value",
    ]);
    expect(stderr).toEqual(["masters.csv has 2 bad rows (listed above). Nothing was written."]);
    expect(list()).toBe(before);
    const json = await importCsv(file, "--json");
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout.join("\n"));
    expect(report.written).toBe(false);
    expect(report.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [3, "number"],
      [4, "name"],
    ]);
    expect(json.stderr).toEqual([
      "masters.csv has 2 bad rows (in the JSON above). Nothing was written.",
    ]);
    expect(list()).toBe(before);
  });

  it("refuses two rows that disagree about one past master, and imports a repeated row once", async () => {
    const before = list();
    const file = csv(
      "number,name,term\n5,Eli Example,1925 - 1926\n6,Fay Example,1926-1927\n5,Ely Example,1925-1926\n6,Fay Example,1926 - 1927\n",
    );
    const refused = await importCsv(file);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toEqual([
      "masters.csv:4:1  row[2] (5 Ely Example)  same number and term as line 2 (Eli Example); keep the right one and delete the other",
      "masters.csv:5:1  warning  row[3] (6 Fay Example)  repeats line 3; imported once",
    ]);
    expect(list()).toBe(before);

    const fixed = csv(
      "number,name,term\n5,Eli Example,1925 - 1926\n6,Fay Example,1926-1927\n6,Fay Example,1926 - 1927\n",
    );
    const imported = await importCsv(fixed);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toEqual([
      "masters.csv:4:1  warning  row[2] (6 Fay Example)  repeats line 3; imported once",
      "added 5 Eli Example (1925 - 1926)",
      "added 6 Fay Example (1926 - 1927)",
      "data/past-masters/golden-square.csv: 2 added, 0 changed, 0 unchanged; 4 past masters in all.",
    ]);
  });

  it("refuses a file without the columns it needs and an unknown list", async () => {
    const noHeader = await importCsv(csv("1,Adam Example,1921 - 1922\n"));
    expect(noHeader.code).toBe(1);
    expect(noHeader.stderr).toEqual([
      "masters.csv:1:1  the first line must name the columns number,name,term (imgUrl is optional); number, name, term are missing. Nothing was written.",
    ]);
    const unknown = await lodge(
      sample.root,
      "import",
      "past-masters",
      csv("number,name,term\n"),
      "--lodge",
      "golden",
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toEqual([
      '--lodge: no past-master list "golden" in lodge.yaml; use one of main, golden-square, university-heights',
    ]);
  });

  it("writes a list the lodge keeps as YAML back as YAML, in the file the site reads", async () => {
    rmSync(join(sample.data, "past-masters", "golden-square.csv"));
    sample.write(
      "past-masters/golden-square.yaml",
      "- number: 1\n  name: Adam Example\n  term: 1921 - 1922\n  imgUrl: gs-1.jpg\n",
    );
    const { code, stdout } = await importCsv(csv("number,name,term\n2,Bob Example,1922 - 1923\n"));
    expect(code).toBe(0);
    expect(stdout.at(-1)).toBe(
      "data/past-masters/golden-square.yaml: 1 added, 0 changed, 0 unchanged; 2 past masters in all.",
    );
    expect(existsSync(join(sample.data, "past-masters", "golden-square.csv"))).toBe(false);
    expect(readFileSync(join(sample.data, "past-masters", "golden-square.yaml"), "utf8")).toBe(
      '- number: 1\n  name: Adam Example\n  term: 1921 - 1922\n  imgUrl: gs-1.jpg\n- number: 2\n  name: Bob Example\n  term: 1922 - 1923\n  imgUrl: ""\n',
    );
    expect((await lodge(sample.root, "validate")).code).toBe(0);
  });
});
