import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Context } from "../cli/context.ts";
import { loadData } from "../cli/load/load-data.ts";
import { runCli } from "../cli/program.ts";
import { buildEventRsvpPayload, mealCountField } from "../core/rules/index.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { Clock, PLAIN_RSVP_FORM, startServer, TEST_SECRET } from "./support/api-harness.ts";
import { lodge, NOW, SAMPLE, SAMPLE_IMAGES } from "./support/cli-harness.ts";
import { type Block, consoleBlocks, outputMatches, shellWords } from "./support/guide-blocks.ts";

/**
 * Every command a guide in docs/ shows in a ```console block runs as shown on a copy of the
 * sample lodge, at the tests' moment (NOW), and prints what the guide says it prints. Each guide
 * runs in a scratch folder of its own, its blocks in order, as a reader would type them in the
 * project's folder. With UPDATE_GUIDES=1 the guides' outputs are written from the run instead
 * (then put '...' back where the output varies: durations, counts made by the machine).
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const GUIDES = ["docs/webmaster.md", "docs/secretary.md", "docs/operator.md"];
const UPDATE = process.env.UPDATE_GUIDES === "1";
/** A lodge on the site this product replaces (see its README), for the webmaster's moving in. */
const LEGACY = join(ROOT, "test", "fixtures", "legacy-lodge");

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A reader's project folder: the sample lodge in data/, the pictures' web sizes made once. */
function projectFolder(): string {
  const root = mkdtempSync(join(tmpdir(), "lodge-guide-"));
  scratch.push(root);
  cpSync(SAMPLE, join(root, "data"), { recursive: true });
  mkdirSync(SAMPLE_IMAGES, { recursive: true });
  mkdirSync(join(root, "var"));
  symlinkSync(SAMPLE_IMAGES, join(root, "var", "images"), "dir");
  return root;
}

/** A visitor's RSVP as the site's form sends it. */
const form = (first: string, last: string, more: Partial<EventRsvpForm>): EventRsvpForm => ({
  ...PLAIN_RSVP_FORM,
  firstName: first,
  lastName: last,
  email: `${first}.${last}@example.org`.toLowerCase(),
  ...more,
});

/** What a guide says happened before a block: the names its `<!-- before: -->` comments use. */
const BEFORE: Record<string, (root: string) => Promise<void>> = {
  /** The old site's checkout beside the project, and a past-master list as Excel saved it. */
  "the old site": async (root) => {
    cpSync(join(LEGACY, "old-site"), join(root, "old-site"), { recursive: true });
    cpSync(join(LEGACY, "golden-square-masters.csv"), join(root, "golden-square-masters.csv"));
  },
  /** The webmaster describes the lodge in lodge.yaml: its three lists and its buckets. */
  "lodge.yaml described": async (root) => {
    cpSync(join(LEGACY, "lodge.yaml"), join(root, "lodge", "lodge.yaml"));
  },
  /** The roll as a Grand Lodge's system exports it and Excel saves it: Windows-1252, CRLF. */
  "the roll exported": async (root) => {
    const rows = [
      "Member No.,SURNAME,Forename,E-Mail Address,Degree,Membership Status,Dietary Requirements,Address",
      "10423,Alvarez,Jos\u00e9,jose.alvarez@example.org,Master Mason,Active,No shellfish,1 Elm St",
      "10424,Brennan,Patrick,pbrennan@example.org,MM,Life Member,,2 Oak Ave",
      "10425,Chen,Wei,wei.chen@example.org,Master Mason,Active,Vegetarian,",
      "10426,Dube,Thabo,thabo@example.org,FC,Active,,",
      "10427,Evans,Gareth,gareth@example.org,MM,Demitted,,",
    ];
    writeFileSync(join(root, "roll.csv"), Buffer.from(`${rows.join("\r\n")}\r\n`, "latin1"));
    // The secret lodge serve made beside its database on its first start, which signs the links.
    writeFileSync(join(root, "var", "xsrf-secret"), `${TEST_SECRET}\n`);
  },
  /** Visitors reserve through the site, as served from the lodge's own database. */
  "visitors RSVP": async (root) => {
    // The secretary's guide adds the Table Lodge; the operator's finds it added.
    const table = ["--date", "2026-12-19", "--time", "18:00", "--name", "Table Lodge"];
    const meals = ["--cost", "25", "--meal", "Prime Rib", "--meal", "Salmon", "--tyled"];
    await lodge(root, "add-event", ...table, ...meals, "--rsvp-days", "3");
    const data = loadData(join(root, "data"), root).data;
    if (!data) throw new Error("the guide's lodge does not load");
    const server = await startServer({
      data,
      clock: new Clock(NOW),
      dir: join(root, "var"),
      config: { dbFile: join(root, "var", "lodge.db"), outboxDir: join(root, "var", "outbox") },
    });
    try {
      const event = (id: string) => {
        const found = data.events.find((e) => e.id === id);
        if (!found) throw new Error(`the guide's lodge has no event ${id}`);
        return found;
      };
      const table = event("2026-12-19-table-lodge");
      const rsvps: [string, EventRsvpForm][] = [
        ["2026-12-02-stated-meeting", form("Robert", "Hale", { earlyBirdDinner: true })],
        [table.id, form("Thomas", "Reed", { earlyBirdDinner: true, mealChoice: "Prime Rib" })],
        [
          table.id,
          form("Daniel", "Okafor", {
            masonicTitle: "PM",
            numberOfAttendees: 2,
            earlyBirdDinner: true,
            numberOfMeals: 2,
            ...({ [mealCountField("Prime Rib")]: 1, [mealCountField("Salmon")]: 1 } as Partial<
              Record<`count${string}`, number>
            >),
          }),
        ],
        [table.id, form("Samuel", "Price", {})],
      ];
      for (const [i, [id, rsvp]] of rsvps.entries()) {
        const client = await server.client(`10.0.0.${i + 1}`);
        const sent = await client.post("/mj/api/rsvp", buildEventRsvpPayload(event(id), rsvp));
        if (sent.status !== 200)
          throw new Error(`an RSVP was refused: ${JSON.stringify(sent.body)}`);
      }
      await server.worker.run();
    } finally {
      await server.close();
    }
  },
};

type Ran = { printed: string[]; code: number };

/** Runs one command of a guide in `root`: what it printed, as a terminal shows it, and its exit code. */
async function run(root: string, command: string): Promise<Ran> {
  const { words: typed, into } = shellWords(command);
  // `npx lodge ...` as the guides write it, for a reader without lodge on their PATH.
  const words = typed[0] === "npx" ? typed.slice(1) : typed;
  if (words[0] !== "lodge") {
    const shell = spawnSync("bash", ["-c", command], { cwd: root, encoding: "utf8" });
    const text = `${shell.stdout}${shell.stderr}`.replace(/\n$/, "");
    return { printed: text === "" ? [] : text.split("\n"), code: shell.status ?? 1 };
  }
  const argv = words.slice(1);
  if (argv[0] === "serve" || argv[0] === "dev") return untilServing(root, argv);
  const epoch = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(NOW.getTime() / 1000);
  try {
    const done = await lodge(root, ...argv);
    if (into) {
      writeFileSync(join(root, into), done.stdout.length ? `${done.stdout.join("\n")}\n` : "");
      return { printed: done.stderr, code: done.code };
    }
    return { printed: [...done.stdout, ...done.stderr], code: done.code };
  } finally {
    if (epoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = epoch;
  }
}

/**
 * A command that serves until Ctrl-C (serve, dev), run until it says where it serves, then
 * stopped as Ctrl-C stops it. On a free port, read as the 8080 a reader's own takes.
 */
async function untilServing(root: string, argv: string[]): Promise<Ran> {
  const printed: string[] = [];
  const stop = new AbortController();
  let serving: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    serving = resolve;
  });
  const ctx: Context = {
    cwd: root,
    generatedDir: join(root, "generated"),
    exitCode: 0,
    now: NOW,
    env: {},
    stop: stop.signal,
    out: (line) => {
      printed.push(...line.split("\n"));
      if (/^Press Ctrl-C|^Serving .* for development$/m.test(line)) serving();
    },
    err: (line) => printed.push(...line.split("\n")),
  };
  const exit = runCli([...argv, "--port", "0"], ctx);
  await Promise.race([started, exit]);
  stop.abort();
  const code = await exit;
  return {
    printed: printed.map((line) => line.replace(/127\.0\.0\.1:\d+/, "127.0.0.1:8080")),
    code,
  };
}

/** The guide with each step's output replaced by what it printed. */
function rewritten(markdown: string, printed: Map<number, string[]>): string {
  const lines = markdown.split("\n");
  const out: string[] = [];
  let skipping = false;
  lines.forEach((line, index) => {
    const got = printed.get(index + 1);
    // A block in a numbered step is indented: what it prints is too.
    const indent = /^ */.exec(line)?.[0] ?? "";
    if (got) {
      out.push(line, ...got.map((printedLine) => `${indent}${printedLine}`));
      skipping = true;
      return;
    }
    const text = line.trimStart();
    if (skipping && (text.startsWith("$ ") || text.startsWith("```"))) skipping = false;
    if (!skipping) out.push(line);
  });
  return out.join("\n");
}

describe.each(GUIDES)("%s", (guide) => {
  it("runs every command it shows, as shown, on the sample lodge", async () => {
    const markdown = readFileSync(join(ROOT, guide), "utf8");
    const blocks: Block[] = consoleBlocks(markdown);
    expect(blocks.length).toBeGreaterThan(0);
    const root = projectFolder();
    const wrong = new Map<number, string[]>();
    for (const block of blocks) {
      if (block.before) {
        const setUp = BEFORE[block.before];
        if (!setUp) throw new Error(`${guide}:${block.line}: no such 'before': ${block.before}`);
        await setUp(root);
      }
      for (const step of block.steps) {
        const ran = await run(root, step.command);
        // A CSV's CRLF line ends look the same on a terminal as LF.
        const printed = ran.printed.map((line) => line.replace(/\r$/, ""));
        // A command that fails is a guide gone wrong, unless the guide shows the refusal: its
        // output then ends with '(exit code N)', as this test reports a failure.
        if (ran.code !== 0) printed.push(`(exit code ${ran.code})`);
        if (!outputMatches(step.expected, printed)) wrong.set(step.line, printed);
      }
    }
    if (UPDATE && wrong.size > 0) writeFileSync(join(ROOT, guide), rewritten(markdown, wrong));
    const report = [...wrong].map(
      ([line, printed]) => `${guide}:${line} printed:\n${printed.join("\n")}`,
    );
    expect(
      report,
      "a command prints other than its guide shows (UPDATE_GUIDES=1 writes it)",
    ).toEqual([]);
  }, 300_000);
});
