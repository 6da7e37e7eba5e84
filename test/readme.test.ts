import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { anchorsOf } from "../cli/docs/markdown.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const README = readFileSync(join(ROOT, "README.md"), "utf8");

/** The README and every Markdown file of docs/, relative to the project. */
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
];

/** A Markdown file's lines, each line of a fenced code block (and its fences) left empty. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

/** Every link and image of a Markdown file: [text](target), <img src="target">. */
function links(markdown: string): string[] {
  const text = prose(markdown)
    .join("\n")
    .replace(/`[^`\n]*`/g, "");
  return [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? ""),
    ...[...text.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1] ?? ""),
  ];
}

describe("the README, as a newcomer reads it", () => {
  it("is a short front door: at most 150 lines, none over 200 characters outside code blocks, no paragraph over five lines", () => {
    const lines = README.split("\n");
    expect(lines.length).toBeLessThanOrEqual(150);
    expect(prose(README).filter((line) => line.length > 200)).toEqual([]);
    // A paragraph, or an item of a list: a list of short items is not a long paragraph.
    const paragraphs = prose(README)
      .join("\n")
      .split(/\n\s*\n|\n(?=- )/)
      .map((block) => block.split("\n").filter((line) => line.trim() !== ""))
      .filter((block) => block.length > 0 && !block[0]?.startsWith("<img"));
    expect(paragraphs.filter((block) => block.length > 5)).toEqual([]);
  });

  it("gives the two commands, set up and run, and test, exactly as CI and npm run them", () => {
    expect(README).toContain("\n```sh\nnpm ci && npm start\n```\n");
    expect(README).toContain("\n```sh\nnpm test\n```\n");
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8");
    expect(ci).toMatch(/^npm ci --no-audit --no-fund\nnpm test$/m);
  });

  it("shows the sample's home at desktop and phone width, and links to the three guides", () => {
    for (const shot of ["docs/screenshots/home-desktop.png", "docs/screenshots/home-phone.png"]) {
      expect(links(README)).toContain(shot);
    }
    for (const guide of ["docs/webmaster.md", "docs/secretary.md", "docs/operator.md"]) {
      expect(links(README)).toContain(guide);
    }
  });
});

describe("the links of the README and docs/", () => {
  it.each(DOCS)("%s: every relative link leads to a file, and to a heading of it", (doc) => {
    const broken = links(readFileSync(join(ROOT, doc), "utf8"))
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => {
        const [path = "", anchor] = target.split("#");
        const file = path === "" ? join(ROOT, doc) : join(ROOT, dirname(doc), path);
        if (!existsSync(file)) return true;
        if (anchor === undefined || !file.endsWith(".md")) return false;
        return !anchorsOf(readFileSync(file, "utf8")).has(anchor);
      })
      .map((target) => `${doc} -> ${target} (${relative(ROOT, join(ROOT, dirname(doc)))})`);
    expect(broken).toEqual([]);
  });
});
