import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { beforeAll, expect, inject, it } from "vitest";
import { ensureJava } from "./support/site/java.ts";
import { builtPages } from "./support/site/static-server.ts";

const site = inject("site");
/** The Nu Html Checker's jar, as the vnu-jar package ships it. */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

type NuMessage = {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
};

/** Every HTML file of the build: its root, the 404 page and each page's index.html. */
const files = [
  "index.html",
  "404.html",
  ...builtPages(site.dir).map((path) => `${path.slice(1)}/index.html`),
];

/** HTML that writes void elements as `<br/>` is fine; the checker only mentions it. */
const voidSlash = (m: NuMessage) =>
  m.type === "info" && !m.subType && m.message.startsWith("Trailing slash on void elements");

beforeAll(ensureJava, 600_000);

it("every page of the build passes the W3C Nu Html Checker without an error or a warning", () => {
  expect(files.length).toBeGreaterThan(30);
  // One run over every file: the checker's start-up is most of its time.
  const run = spawnSync(
    "java",
    ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", "--stdout", ...files],
    { cwd: site.dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  expect(run.status, run.stderr).toBe(0);
  const { messages } = JSON.parse(run.stdout) as { messages: NuMessage[] };
  const problems = messages
    .filter((m) => !voidSlash(m))
    .map((m) => {
      const where = m.url
        ? `${m.url.replace(/^file:.*?\/dist\//, "")}:${m.lastLine}:${m.firstColumn}`
        : "";
      return `${where} ${m.subType ?? m.type}: ${m.message}`;
    });
  expect(problems).toEqual([]);
}, 120_000);
