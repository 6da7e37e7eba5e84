/**
 * `npm run bench`: build, image and API figures of lodge, each measured beside its reference in
 * the same run so the ratios hold on a noisy machine. Prints Markdown tables and writes them to
 * bench/results/. Everything runs on 127.0.0.1 and in temporary folders, and stops by itself.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchAnnounce, RECIPIENTS } from "./announce.ts";
import { BENCH_EVENTS, benchApi } from "./api.ts";
import { makeBigLodge } from "./big-lodge.ts";
import { benchFaults } from "./faults.ts";
import { benchImages } from "./images.ts";
import { fmt, table, timed } from "./measure.ts";
import { benchSummons, ROLL } from "./summons.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SAMPLE = join(ROOT, "data");
const CLI = join(ROOT, "cli", "index.ts");
const only = process.argv.slice(2);
const wanted = (section: string) => only.length === 0 || only.includes(section);

const scratch = mkdtempSync(join(tmpdir(), "lodge-bench-"));
const RESULTS = join(ROOT, "bench", "results");
const SECTIONS = ["build", "images", "api", "summons", "announce", "faults"] as const;
/** The lines of the section being measured. */
let lines: string[] = [];
const say = (text: string) => {
  console.log(text);
  lines.push(text);
};
/** Keeps a section's figures in bench/results/bench-<section>.md, so one can be rerun alone. */
const keep = (section: (typeof SECTIONS)[number]) => {
  mkdirSync(RESULTS, { recursive: true });
  const stamp = `${new Date().toISOString()} · ${cpus()[0]?.model ?? "cpu"} · ${availableParallelism()} cores · Node ${process.version}`;
  const [heading = "", ...rest] = lines;
  writeFileSync(
    join(RESULTS, `bench-${section}.md`),
    `${[heading, `Measured ${stamp}.\n`, ...rest].join("\n")}\n`,
  );
  lines = [];
};

/**
 * Cold (no picture made yet) and incremental `lodge build` of one data folder, in its own scratch
 * folders. The 10x lodge's albums are copies of the sample's, whose pictures are made once and
 * copied, so its build time grows with its pages, not with picture-making.
 */
async function buildFigures(name: string, data: string) {
  const generated = join(scratch, `${name}-generated`);
  const out = join(scratch, `${name}-dist`);
  const images = join(scratch, `${name}-images`);
  const env = { LODGE_GENERATED_DIR: generated };
  const args = [CLI, "build", "--data", data, "--out", out, "--images", images];
  const cold = await timed(process.execPath, args, env);
  // Change one event's description, as a secretary would, and build again.
  const events = join(data, "events.yaml");
  const text = readFileSync(events, "utf8");
  writeFileSync(events, text.replace(/description: ([^\n]+)/, "description: $1 (changed)"));
  const incremental = await timed(process.execPath, args, env);
  writeFileSync(events, text);
  const pages = /(\d+) pages/.exec(cold.output)?.[1] ?? "?";
  return { name, pages, cold, incremental };
}

try {
  if (wanted("build")) {
    const sample = join(scratch, "sample");
    const big = join(scratch, "big");
    makeBigLodge(SAMPLE, sample, 1);
    makeBigLodge(SAMPLE, big, 10);
    const a = await buildFigures("sample lodge", sample);
    const b = await buildFigures("10x lodge", big);
    say("## lodge build\n");
    say(
      table(
        ["lodge", "pages", "cold build s", "incremental s (one event changed)", "peak memory MB"],
        [a, b].map((r) => [
          r.name,
          r.pages,
          fmt(r.cold.seconds),
          fmt(r.incremental.seconds),
          fmt(Math.max(r.cold.peakMB, r.incremental.peakMB), 0),
        ]),
      ),
    );
    say(
      `\n10x content costs ${fmt(b.cold.seconds / a.cold.seconds, 2)}x the cold build time and ${fmt(b.incremental.seconds / a.incremental.seconds, 2)}x the incremental one.\n`,
    );
    keep("build");
  }

  if (wanted("images")) {
    const r = await benchImages(SAMPLE, scratch);
    const all = r.roles.find((row) => row.role === "all");
    say("## lodge images\n");
    say(
      `The sample lodge's ${all?.pictures} pictures (${fmt(r.sourceMB)} MB) made from nothing: the files each role's pictures get (see core/rules/pictures.ts) and what they weigh.\n`,
    );
    say(
      table(
        ["role", "pictures", "files per picture", "MB written"],
        r.roles.map((row) => [
          row.role,
          row.pictures,
          fmt(row.files / row.pictures, 2),
          fmt(row.bytes / 2 ** 20, 2),
        ]),
      ),
    );
    say("");
    say(
      table(
        [
          "files",
          "lodge images s",
          "sharp alone s (the same files)",
          "ratio",
          "pictures/s",
          "rerun (nothing changed) s",
        ],
        [
          [
            r.files,
            fmt(r.lodgeSeconds),
            fmt(r.sharpSeconds),
            fmt(r.lodgeSeconds / r.sharpSeconds, 2),
            fmt((all?.pictures ?? 0) / r.lodgeSeconds),
            fmt(r.rerunSeconds, 2),
          ],
        ],
      ),
    );
    say(
      "\nsharp alone makes each file straight from its picture, four at once (libuv's threads); lodge images decodes a picture once for all its files, and also hashes, names and records them.\n",
    );
    keep("images");
  }

  if (wanted("api")) {
    const data = join(scratch, "api-data");
    makeBigLodge(SAMPLE, data, 1, 10_000);
    const r = await benchApi(CLI, data, scratch);
    say(
      `## RSVP API (50 connections, 10 s each, 127.0.0.1, RSVPs of one seat spread over ${BENCH_EVENTS} open events)\n`,
    );
    say(
      table(
        [
          "server",
          "answered/s (lodge: stored RSVPs/s)",
          "p50 ms",
          "p99 ms",
          "errors",
          "peak memory MB",
        ],
        r.map((x) => [
          x.name,
          fmt(x.rps, 0),
          fmt(x.p50, 1),
          fmt(x.p99, 1),
          x.errors,
          fmt(x.peakMB, 0),
        ]),
      ),
    );
    const [bare, lodge, postgres, three] = r;
    if (bare && lodge)
      say(
        `\nA stored, validated, mailed RSVP costs ${fmt(bare.rps / lodge.rps, 1)}x a bare fastify answer.`,
      );
    if (lodge && postgres && three)
      say(
        `On PostgreSQL one instance takes ${fmt(postgres.rps / lodge.rps, 2)}x the RSVPs per second of SQLite, three ${fmt(three.rps / lodge.rps, 2)}x (all on this machine's cores).\n`,
      );
    keep("api");
  }

  if (wanted("summons")) {
    const r = await benchSummons(SAMPLE, scratch);
    say(`## The summons (a roll of ${ROLL} members, one meeting, median of 3 meetings)\n`);
    say(
      table(
        [
          "store",
          "members",
          "compose every summons s",
          "record and queue them, one transaction s",
          "summonses/s",
          "mails in the outbox",
        ],
        r.map((x) => [
          x.store,
          x.members,
          fmt(x.composeSeconds, 2),
          fmt(x.queueSeconds, 3),
          fmt(x.queued / (x.composeSeconds + x.queueSeconds), 0),
          x.outbox,
        ]),
      ),
    );
    say(
      "\nEach summons is its member's own mail (his name, his signed links), composed before the transaction; the transaction records every send and queues every mail, so a second instance, or a restart, sends none twice.\n",
    );
    keep("summons");
  }
  if (wanted("announce")) {
    const r = await benchAnnounce(SAMPLE, scratch);
    say(`## An announcement (lodge announce to ${RECIPIENTS} members, a local SMTP server)\n`);
    say(
      table(
        [
          "store",
          "recipients",
          "compose every mail s",
          "queue them, one transaction s",
          "send them s",
          "mails sent/s",
        ],
        r.map((x) => [
          x.store,
          x.recipients,
          fmt(x.composeSeconds, 2),
          fmt(x.queueSeconds, 3),
          fmt(x.sendSeconds, 1),
          fmt(x.sent / x.sendSeconds, 0),
        ]),
      ),
    );
    say(
      "\nSent four at a time over one pool of SMTP connections, each marked sent in the store as it goes (a run stopped midway resumes where it was).\n",
    );
    keep("announce");
  }

  if (wanted("faults")) {
    const r = await benchFaults(SAMPLE, scratch);
    say("## Faults (lodge serve in its own process, 8 clients at once, 127.0.0.1)\n");
    say(
      table(
        [
          "fault",
          "requests sent",
          "acknowledged",
          "stored",
          "acknowledged lost",
          "503 (nothing storable)",
          "other 5xx",
          "process exits",
          "mails queued",
          "failed for good (reported)",
          "mails lost",
          "mails duplicated",
        ],
        r.map((x) => [
          x.fault,
          x.sent,
          x.acknowledged,
          x.stored,
          x.lostAcknowledged,
          x.unavailable,
          x.otherServerErrors,
          x.exits,
          x.mailsQueued,
          x.mailsFailed,
          x.mailsLost,
          x.mailsDuplicated,
        ]),
      ),
    );
    say(
      "\nProcess exits count only the ends nobody asked for (not the SIGKILL of the crash run). A duplicated mail is one whose server took the whole message and never answered, or one a killed process had handed over without noting it: it is sent again under the same Message-ID, which mail programs show once.\n",
    );
    keep("faults");
  }

  // bench.md: the latest figures of every section, each with the moment it was measured.
  const kept = SECTIONS.map((section) => join(RESULTS, `bench-${section}.md`))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8"));
  const file = join(RESULTS, "bench.md");
  writeFileSync(file, `# lodge benchmarks\n\n${kept.join("\n")}`);
  console.log(`Written to ${file.slice(ROOT.length)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
