import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatProblem } from "../load/problems.ts";
import { readRollCsv, splitName } from "./roll-csv.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "issue-35-roll-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Text as Excel's 'CSV (Comma delimited)' saves it: Windows-1252 bytes. */
function windows1252(text: string): Buffer {
  const high: Record<string, number> = { "\u2019": 0x92, "\u2013": 0x96, "\u20ac": 0x80 };
  return Buffer.from([...text].map((c) => high[c] ?? c.charCodeAt(0)));
}

function read(content: string | Buffer) {
  writeFileSync(join(dir, "roll.csv"), content);
  const roll = readRollCsv(join(dir, "roll.csv"), "roll.csv");
  return { ...roll, printed: roll.problems.map(formatProblem) };
}

describe("readRollCsv", () => {
  it("reads a Grand Lodge export as Excel saves it: Windows-1252, CRLF, odd headers, spelled-out degrees, columns it does not keep left out", () => {
    const roll = read(
      windows1252(
        [
          "Member No.,SURNAME,Forename,E-Mail Address,Tel,Degree,Membership Status,Dietary Requirements,Home Address,,",
          "10423,Mart\u00ednez,Jos\u00e9,Jose@Example.ORG,(216) 555-0101,Master Mason,Active,No shellfish,1 Elm St,,",
          "10424,O\u2019Brien,Ren\u00e9,rene@example.org,,E.A.,,,2 Oak Ave,,",
          "10425,Smith,John,john@example.org,,Fellow Craft,Life Member,,,,",
          "10426,Jones,Peter,,,3rd,Deceased,,,,",
          ",,,,,,,,,,",
          "",
        ].join("\r\n"),
      ),
    );
    expect(roll.members).toEqual([
      {
        number: "10423",
        firstName: "Jos\u00e9",
        lastName: "Mart\u00ednez",
        title: "",
        email: "jose@example.org",
        phone: "(216) 555-0101",
        degree: "master-mason",
        status: "active",
        dietary: "No shellfish",
      },
      {
        number: "10424",
        firstName: "Ren\u00e9",
        lastName: "O\u2019Brien",
        title: "",
        email: "rene@example.org",
        phone: "",
        degree: "entered-apprentice",
        status: "active",
        dietary: "",
      },
      {
        number: "10425",
        firstName: "John",
        lastName: "Smith",
        title: "",
        email: "john@example.org",
        phone: "",
        degree: "fellowcraft",
        status: "life",
        dietary: "",
      },
      {
        number: "10426",
        firstName: "Peter",
        lastName: "Jones",
        title: "",
        email: "",
        phone: "",
        degree: "master-mason",
        status: "deceased",
        dietary: "",
      },
    ]);
    expect(roll.lines).toEqual([2, 3, 4, 5]);
    expect(roll.fields).toEqual([
      "number",
      "firstName",
      "lastName",
      "email",
      "phone",
      "degree",
      "status",
      "dietary",
    ]);
    expect(roll.printed).toEqual([
      `roll.csv  warning  this file is saved as Windows-1252 (Excel's 'CSV (Comma delimited)'), not UTF-8; lodge read it so ("Mart\u00ednez"), but to be sure every tool does, save it as UTF-8: in Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in LibreOffice tick 'Edit filter settings' and choose 'Unicode (UTF-8)'`,
      `roll.csv:1:1  note  the column "Member No." is read as number`,
      `roll.csv:1:12  note  the column "SURNAME" is read as lastName`,
      `roll.csv:1:20  note  the column "Forename" is read as firstName`,
      `roll.csv:1:29  note  the column "E-Mail Address" is read as email`,
      `roll.csv:1:44  note  the column "Tel" is read as phone`,
      `roll.csv:1:55  note  the column "Membership Status" is read as status`,
      `roll.csv:1:73  note  the column "Dietary Requirements" is read as dietary`,
      `roll.csv:1:94  note  the column "Home Address" is not read: the roll keeps only the number, names, title, e-mail, phone, degree, status and dietary needs`,
    ]);
  });

  it("lists every bad row with its line, field and what was found, a repeated number among them, and reads no member", () => {
    const roll = read(
      "Member ID,First Name,Last Name,Email,Degree,Status\n" +
        "1,Adam,Able,adam@example.org,MM,Active\n" +
        "2,Bob,,bob at example.org,FC,Active\n" +
        "3,Carl,Cole,carl@example.org,Grand Master,Active\n" +
        "1,Dave,Dunn,dave@example.org,MM,Retired\n" +
        "4,Ed,Eddy,adam@example.org,,Active\n" +
        "1,Fred,Fox,fred@example.org,MM,Active\n",
    );
    expect(roll.members).toBeUndefined();
    expect(roll.printed).toEqual([
      `roll.csv:3:7  row[1] (2 Bob)  lastName: is required`,
      `roll.csv:3:8  row[1] (2 Bob)  email: may not contain spaces; it looks like name@example.com, found "bob at example.org"`,
      `roll.csv:4:30  row[2] (3 Carl Cole)  degree: expected a degree: EA, FC or MM (or Entered Apprentice, Fellowcraft, Master Mason), found "Grand Master"`,
      `roll.csv:5:33  row[3] (1 Dave Dunn)  status: expected one of Active, Life, Honorary, Plural, Suspended, Demitted, Resigned, Expelled, Deceased, found "Retired"`,
      `roll.csv:6:28  row[4] (4 Ed Eddy)  degree: expected a degree: EA, FC or MM (or Entered Apprentice, Fellowcraft, Master Mason), found ""`,
      // Told with the others, not in a second round once they are mended.
      `roll.csv:7:1  row[5] (1 Fred Fox)  number: the number 1 is on line 2 too; a member is one row: delete the wrong one`,
      `roll.csv:1:1  note  the column "Member ID" is read as number`,
    ]);
  });

  it("refuses a member number that is on two rows, naming both lines, and warns of a shared address", () => {
    const roll = read(
      "number,first name,last name,email\n" +
        "7,Adam,Able,same@example.org\n" +
        "8,Bob,Baker,same@example.org\n" +
        "7,Carl,Cole,carl@example.org\n",
    );
    expect(roll.members).toBeUndefined();
    expect(roll.printed).toEqual([
      "roll.csv:4:1  row[2] (7 Carl Cole)  number: the number 7 is on line 2 too; a member is one row: delete the wrong one",
      "roll.csv:3:13  warning  row[1] (8 Bob Baker)  email: the same address as line 2; each member gets his own summons there",
      "roll.csv:1:1  note  there is no Degree column: every member it adds is read as a Master Mason, and the degree of a member already on the roll is kept",
    ]);
  });

  it("splits one Name column into first and last names, and warns of members in good standing without an address", () => {
    const roll = read(
      "No,Name,E-mail,Status\n" +
        '1,"Smith, John A.",,Active\n' +
        "2,Pieter van der Berg,,Deceased\n" +
        "3,Robert Brown Jr.,robert@example.org,\n",
    );
    expect(roll.members?.map((m) => [m.firstName, m.lastName, m.degree, m.status])).toEqual([
      ["John A.", "Smith", "master-mason", "active"],
      ["Pieter", "van der Berg", "master-mason", "deceased"],
      ["Robert", "Brown Jr.", "master-mason", "active"],
    ]);
    expect(roll.fields).toEqual(["number", "firstName", "lastName", "email", "status"]);
    expect(roll.printed).toEqual([
      "roll.csv  warning  1 member in good standing has no e-mail address and gets no summons by mail: 1 John A. Smith",
      `roll.csv:1:1  note  the column "No" is read as number`,
      `roll.csv:1:1  note  the column "name" is read as the first and last names ('Smith, John' or 'John Smith')`,
      "roll.csv:1:1  note  there is no Degree column: every member it adds is read as a Master Mason, and the degree of a member already on the roll is kept",
    ]);
  });

  it("says which columns a file without the number or the names lacks", () => {
    expect(read("Surname,Email\nSmith,a@example.org\n").missing).toEqual([
      "number (Member No)",
      "First Name and Last Name (or one Name column)",
    ]);
  });

  it("refuses a file saved as UTF-16 with the sentence that says how to save it", () => {
    const roll = read(Buffer.from("\ufeffnumber,name\r\n1,A B\r\n", "utf16le"));
    expect(roll.members).toBeUndefined();
    expect(roll.printed[0]).toMatch(/^roll\.csv {2}this file is saved as UTF-16/);
  });
});

describe("splitName", () => {
  it.each([
    ["Smith, John", "John", "Smith"],
    ["John Smith", "John", "Smith"],
    ["John A. Smith", "John A.", "Smith"],
    ["Robert Brown Jr.", "Robert", "Brown Jr."],
    ["Brown, Robert, Jr.", "Robert, Jr.", "Brown"],
    ["Pieter van der Berg", "Pieter", "van der Berg"],
    ["Cher", "", "Cher"],
  ])("reads %j as first name %j and last name %j", (full, firstName, lastName) => {
    expect(splitName(full)).toEqual({ firstName, lastName });
  });
});
