import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openList, writeContent, yamlListOf } from "./content-file.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "lodge-content-"));
  mkdirSync(join(dir, "past-masters"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(dir, file), "utf8");

describe("the content files the commands change", () => {
  it("keeps a YAML file's header at the top and its blank lines when an entry moves to the front", () => {
    const list = yamlListOf("# Events.\n- name: A\n\n- name: B # the second\n\n- name: C\n");
    list.move(2, 0);
    expect(list.text()).toBe("# Events.\n- name: C\n\n- name: A\n\n- name: B # the second\n");
    list.move(0, 2);
    expect(list.text()).toBe("# Events.\n- name: A\n\n- name: B # the second\n\n- name: C\n");
  });

  it("starts a file the lodge lacks in the entity's first format", () => {
    const events = openList(dir, "events");
    events.insert(0, { date: "2028/01/05 19:30", name: "Stated Meeting", time: "18:30" });
    events.save();
    expect(read("events.yaml")).toBe(
      '- date: 2028/01/05 19:30\n  name: Stated Meeting\n  time: "18:30"\n',
    );
    expect(
      writeContent(dir, "pastMasters", [{ number: 1, name: "A, Jr.", term: "1999" }], "main"),
    ).toBe(join(dir, "past-masters", "main.csv"));
    expect(read("past-masters/main.csv")).toBe('number,name,term,imgUrl\n1,"A, Jr.",1999,\n');
  });

  it("reads a CSV list as the loader does, spreadsheet headers too, and writes it back as lodge's CSV", () => {
    writeFileSync(
      join(dir, "past-masters", "main.csv"),
      "Number,Worshipful Master,Year\r\n1,Adam Example,1868 - 1869\r\n",
    );
    const list = openList(dir, "pastMasters", "main");
    expect(list.entries()).toEqual([{ number: "1", name: "Adam Example", term: "1868 - 1869" }]);
    list.insert(1, { number: 2, name: "Bob Example", term: "1869 - 1870", imgUrl: "bob.jpg" });
    list.save();
    expect(read("past-masters/main.csv")).toBe(
      "number,name,term,imgUrl\n1,Adam Example,1868 - 1869,\n2,Bob Example,1869 - 1870,bob.jpg\n",
    );
  });

  it("writes a whole value in the format of the file the lodge keeps", () => {
    writeFileSync(join(dir, "bulletins.json"), "{}");
    writeContent(dir, "bulletins", { current: "b.pdf", past: [] });
    expect(JSON.parse(read("bulletins.json"))).toEqual({ current: "b.pdf", past: [] });
    writeFileSync(join(dir, "past-masters", "gs.yml"), "[]\n");
    writeContent(dir, "pastMasters", [{ number: 1, name: "A", term: "1921" }], "gs");
    expect(read("past-masters/gs.yml")).toBe('- number: 1\n  name: A\n  term: "1921"\n');
  });
});
