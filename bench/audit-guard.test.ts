import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { guarded } from "./audit-guard.ts";

const GUARD = fileURLToPath(new URL("./audit-guard.ts", import.meta.url));

const children: ChildProcess[] = [];
const leftOver: number[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const pid of leftOver.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone, as it should be.
    }
  }
});

/**
 * A Node process running `script` (an ES module) with audit-guard.ts as `guard`: what the audit
 * does in a process of its own, where a rejection nothing handles would end it.
 */
function node(script: string) {
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", `import * as guard from ${JSON.stringify(GUARD)};\n${script}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    out += chunk;
  });
  return {
    child,
    lines: () => out.split("\n").filter((line) => line !== ""),
    exited: once(child, "exit").then(([code]) => code as number | null),
    async line(pattern: RegExp): Promise<string> {
      for (let i = 0; i < 200; i++) {
        const found = out.split("\n").find((line) => pattern.test(line));
        if (found) return found;
        await delay(25);
      }
      throw new Error(`no line ${pattern} in:\n${out}`);
    },
  };
}

/** Whether a process is still there: not a zombie waiting for whoever adopted it to reap it. */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await delay(20);
  return !alive(pid);
}

/** A process standing for the audit's Chromium: a group of its own, as chrome-launcher starts it. */
const BROWSER = `
import { spawn } from "node:child_process";
const browser = spawn("sleep", ["300"], { detached: true, stdio: "ignore" });
guard.stopAtEnd(browser.pid, true);
`;

/** Said once the script has set everything up: the browser's pid. */
const READY = 'console.log("browser " + browser.pid);';

describe("the site audit's guard", () => {
  it("fails the run under way on a rejection nothing handles, and the process goes on", async () => {
    const audit = node(`
guard.catchStrayRejections((line) => console.log(line));
// As Lighthouse did on /bulletin: a promise rejected that nothing awaits, while the run goes on.
const run = () => new Promise((resolve) => {
  Promise.reject(new Error("Protocol error (Target.setAutoAttach): Session with given id not found"));
  setTimeout(() => resolve("a late result"), 100);
});
try {
  console.log("measured: " + (await guard.guarded(run, 10_000, 5_000)));
} catch (error) {
  console.log("failed: " + error.message);
}
console.log("next run: " + (await guard.guarded(async () => "measured", 10_000)));
Promise.reject(new Error("between runs"));
await new Promise((resolve) => setTimeout(resolve, 50));
console.log("still running");
`);
    expect(await audit.exited).toBe(0);
    expect(audit.lines()).toEqual([
      "failed: Protocol error (Target.setAutoAttach): Session with given id not found",
      "next run: measured",
      "an error outside any Lighthouse run, left behind: between runs",
      "still running",
    ]);
  });

  it("fails a run that gives no result in time", async () => {
    await expect(guarded(() => new Promise(() => {}), 50, 10)).rejects.toThrow(
      "no result after 0.05 s",
    );
    await expect(guarded(async () => 7, 1000)).resolves.toBe(7);
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "on %s, cleans up, stops the browser it started by its pid and exits %i",
    async (signal, code) => {
      const audit = node(`${BROWSER}
guard.endOnSignals(async () => console.log("cleaned up"), (line) => console.log(line));
setInterval(() => {}, 1000);
${READY}
`);
      const pid = Number((await audit.line(/^browser \d+$/)).split(" ")[1]);
      leftOver.push(pid);
      expect(alive(pid)).toBe(true);
      audit.child.kill(signal);
      expect(await audit.exited).toBe(code);
      expect(audit.lines().slice(1)).toEqual([
        `${signal}: stopping the audit, its browser and its server`,
        "cleaned up",
      ]);
      expect(await gone(pid)).toBe(true);
    },
  );

  it("stops the browser it started when an error ends the audit", async () => {
    const audit = node(`${BROWSER}
guard.endOnSignals(async () => {}, () => {});
${READY}
setTimeout(() => { throw new Error("the build failed"); }, 50);
`);
    const pid = Number((await audit.line(/^browser \d+$/)).split(" ")[1]);
    leftOver.push(pid);
    expect(await audit.exited).toBe(1);
    expect(await gone(pid)).toBe(true);
  });
});
