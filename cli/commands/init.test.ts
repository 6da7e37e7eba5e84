import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, lodgeAt, NOW } from "../../test/support/cli-harness.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "lodge-init-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
  );
}
const tree = (dir: string) =>
  files(dir)
    .map((path) => relative(dir, path))
    .sort();

describe("lodge init", () => {
  it("starts a lodge that validates and builds, with the name written safely into every file", async () => {
    const name = `St. John's Lodge No. 12: "Old"`;
    const { code, stdout } = await lodge(
      root,
      "init",
      "my-lodge",
      "--name",
      name,
      "--charter-date",
      "1850-03-01",
      "--time-zone",
      "America/Chicago",
      "--secretary-email",
      "secretary@stjohns12.org",
    );
    expect(code).toBe(0);
    expect(stdout).toEqual([
      `Started ${name} in my-lodge, meeting 1st and 3rd Wednesday, 7:30PM, dark in July and August.`,
      "Before the site goes live, replace what the starter put in (lodge validate lists it):",
      "  the address in my-lodge/lodge.yaml",
      "  the text of my-lodge/pages/about-us.md",
      "  the text of my-lodge/pages/brotherhood-night-history.md",
      "  my-lodge/bulletins/welcome.pdf",
      "  my-lodge/media/petition.pdf",
      "Next:",
      `  lodge add-meetings --year ${NOW.getFullYear() + 1} --data my-lodge   (a year of stated meetings)`,
      "  lodge build --data my-lodge --draft   (a draft to look at until then)",
      "  lodge serve --data my-lodge",
    ]);
    expect(tree(join(root, "my-lodge"))).toEqual([
      "albums.yaml",
      "bulletins.yaml",
      "bulletins/welcome.pdf",
      "events.yaml",
      "history.yaml",
      "images/site/hero.jpg",
      "images/site/logo.png",
      "lodge.yaml",
      "media/petition.pdf",
      "officers.yaml",
      "pages/about-us.md",
      "pages/brotherhood-night-history.md",
      "pages/home.md",
      "pages/how-to-join.md",
      "past-masters/main.csv",
      "recent-events.yaml",
      "social-events.yaml",
    ]);
    const yaml = readFileSync(join(root, "my-lodge", "lodge.yaml"), "utf8");
    expect(yaml).toContain(
      `name: "St. John's Lodge No. 12: \\"Old\\""\nshortName: "St. John's"\nnumber: 12\n`,
    );
    expect(yaml).toMatch(
      /\ntimeZone: "America\/Chicago"\n.*\nsecretaryEmail: "secretary@stjohns12\.org"\n/,
    );
    expect(readFileSync(join(root, "my-lodge", "pages", "about-us.md"), "utf8")).toContain(
      `heading: "About ${name.replaceAll('"', '\\"')}"`,
    );
    // Every placeholder the starter put in is a warning, where it is.
    const validate = await lodge(root, "validate", "--data", "my-lodge");
    expect(validate.code).toBe(0);
    expect(validate.stdout).toEqual([
      "my-lodge/bulletins/welcome.pdf  warning  a placeholder lodge init drew: put the lodge's own bulletin in its place, under the same name",
      `my-lodge/lodge.yaml:19:3  warning  address: still the starter's "1 Main Street, Springfield": give the lodge's meeting place (lodge init --address asks for it)`,
      "my-lodge/media/petition.pdf  warning  a placeholder lodge init drew: put the lodge's own document in its place, under the same name",
      "my-lodge/pages/about-us.md  warning  still the starter's text, which says what to write here: write the lodge's own",
      "my-lodge/pages/brotherhood-night-history.md  warning  still the starter's text, which says what to write here: write the lodge's own",
      "my-lodge: 0 events, 0 social outings, 0 officers, 0 past masters in 1 list, 0 past bulletins, 0 albums, 0 recent events, 2 history entries, 4 pages; no errors, 5 warnings.",
    ]);
    // The site's data modules are lodge build's: those of the lodge built last stay as they are.
    expect(existsSync(join(root, "generated"))).toBe(false);
  });

  it("asks at the terminal for what the flags leave out, again after each answer that breaks a rule", async () => {
    const { code, asked, stdout, stderr } = await lodgeAt(
      {
        cwd: root,
        answers: [
          "",
          "Hillcrest Lodge No. 586",
          "",
          "10/16/1867",
          "1867-10-16",
          "Mars/Olympus",
          "",
          "Lyndhurst, OH",
          "Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124",
          "every Tuesday",
          "2",
          "secretary at hillcrest",
          "",
        ],
      },
      "init",
      "my-lodge",
    );
    expect(code).toBe(0);
    const secretary =
      "Secretary's e-mail address, where RSVPs and messages go (leave empty to set it later)";
    const address =
      "Meeting place, street, city, state and ZIP code, e.g. Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124 (leave empty to give it later: the site is not built until then)";
    const meetings =
      "Stated meetings: 1) 1st and 3rd Wednesday, 7:30PM, dark in July and August; 2) 2nd and 4th Tuesday, 7:30PM, dark in July and August; 3) 1st Monday, 7:00PM; or your own in the same words [1]";
    expect(asked).toEqual([
      "Lodge name (e.g. Hillcrest Lodge No. 586)",
      "Lodge name (e.g. Hillcrest Lodge No. 586)",
      "Short name [Hillcrest]",
      "Charter date (YYYY-MM-DD)",
      "Charter date (YYYY-MM-DD)",
      "Time zone [America/New_York]",
      "Time zone [America/New_York]",
      address,
      address,
      meetings,
      meetings,
      secretary,
      secretary,
    ]);
    expect(stderr).toEqual([
      "  expected the lodge's full name, found an empty value; try again.",
      `  expected a date 'YYYY-MM-DD', found "10/16/1867"; try again.`,
      `  expected an IANA time zone such as 'America/New_York', found "Mars/Olympus"; try again.`,
      `  no state and ZIP code at the end; write the meeting place, street, city, state and ZIP code, e.g. "Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124"; try again.`,
      `  no time found; write it as "1st and 3rd Wednesday, 7:30PM, dark in July and August"; try again.`,
      `  expected an e-mail address, found "secretary at hillcrest"; try again.`,
    ]);
    expect(stdout).toContain("and set secretaryEmail in my-lodge/lodge.yaml before you serve.");
    expect(stdout[0]).toBe(
      "Started Hillcrest Lodge No. 586 in my-lodge, meeting 2nd and 4th Tuesday, 7:30PM, dark in July and August.",
    );
    const yaml = readFileSync(join(root, "my-lodge", "lodge.yaml"), "utf8");
    expect(yaml).toContain('shortName: "Hillcrest"\nnumber: 586\n');
    expect(yaml).toContain('timeZone: "America/New_York"\n');
    expect(yaml).toContain('secretaryEmail: ""\n');
    expect(yaml).toContain(
      '  venue: "Lyndhurst Masonic Center"\n  street: "5025 Linden Crest Road"\n',
    );
    expect(yaml).toContain(
      'weekday: "Tuesday"\n  weeks: [2, 4]\n  skipMonths: [7, 8]\n  time: "19:30"\n  dinnerTime: "18:30"\n',
    );

    // An empty address is a placeholder: lodge serve would refuse it, so validate warns.
    const validate = await lodge(root, "validate", "--data", "my-lodge");
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain(
      "my-lodge/lodge.yaml:14:17  warning  set secretaryEmail before you serve: RSVP notices and contact messages go to it, and lodge serve does not start without it (or SECRETARY_EMAIL)",
    );
    expect(validate.stdout.join("\n")).not.toContain("address: still the starter's");
  });

  it("writes nothing when the input ends before the last answer, and says so (exit 1)", async () => {
    const { code, stderr } = await lodgeAt(
      { cwd: root, answers: ["Hillcrest Lodge No. 586", ""] },
      "init",
      "my-lodge",
    );
    expect(code).toBe(1);
    expect(stderr).toEqual([
      'No answer to "Charter date (YYYY-MM-DD)": the input ended. Nothing was written.',
    ]);
    expect(existsSync(join(root, "my-lodge"))).toBe(false);
  });

  it("refuses a folder that holds files and answers it cannot use, writing nothing", async () => {
    mkdirSync(join(root, "taken"));
    writeFileSync(join(root, "taken", "notes.txt"), "keep me");
    const taken = await lodge(
      root,
      "init",
      "taken",
      "--name",
      "Hillcrest Lodge No. 586",
      "--charter-date",
      "1867-10-16",
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toEqual([
      "taken already holds files; give a new or empty folder. Nothing was written.",
    ]);
    expect(readdirSync(join(root, "taken"))).toEqual(["notes.txt"]);

    const bad = await lodge(
      root,
      "init",
      "my-lodge",
      "--name",
      "Hillcrest Lodge",
      "--charter-date",
      "10/16/1867",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toEqual([
      "--number: give the lodge number, e.g. 586",
      `--charter-date: expected a date 'YYYY-MM-DD', found "10/16/1867"`,
      "Nothing was written.",
    ]);

    const zone = await lodge(
      root,
      "init",
      "my-lodge",
      "--name",
      "Hillcrest Lodge No. 586",
      "--charter-date",
      "1867-10-16",
      "--time-zone",
      "Eastern",
      "--secretary-email",
      "secretary",
    );
    expect(zone.code).toBe(2);
    expect(zone.stderr).toEqual([
      `--time-zone: expected an IANA time zone such as 'America/New_York', found "Eastern"`,
      `--secretary-email: expected an e-mail address, found "secretary"`,
      "Nothing was written.",
    ]);
    expect(readdirSync(root)).toEqual(["taken"]);
  });
});
