import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_IMAGES, sampleCopy } from "../../test/support/cli-harness.ts";
import { launchChromium } from "../../test/support/site/browser.ts";
import type { Context } from "../context.ts";
import { runCli } from "../program.ts";

let sample: ReturnType<typeof sampleCopy> | undefined;
/** What a test started, stopped last first after it, whether it passed or not. */
const started: (() => unknown)[] = [];
afterEach(async () => {
  for (let stop = started.pop(); stop; stop = started.pop()) await stop();
  sample?.cleanup();
  sample = undefined;
});

/** Starts `lodge dev` in-process; `started` resolves with its address once it listens. */
function dev(cwd: string, argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const stop = new AbortController();
  let heard: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    heard = resolve;
  });
  const ctx: Context = {
    cwd,
    generatedDir: join(cwd, "generated"),
    exitCode: 0,
    env: {},
    stop: stop.signal,
    out: (line) => {
      stdout.push(...line.split("\n"));
      const match = /^Serving .* at (http:\/\/\S+) for development$/.exec(line);
      if (match?.[1]) heard(match[1]);
    },
    err: (line) => stderr.push(...line.split("\n")),
  };
  const exit = runCli(["dev", ...argv], ctx);
  started.push(() => {
    stop.abort();
    return exit;
  });
  return { started: listening, exit, stop: () => stop.abort(), stdout, stderr };
}

/** Reads a Server-Sent Events stream; `next(type)` resolves with the next event of that type. */
async function subscribe(url: string) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  started.push(() => abort.abort());
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const seen: { event: string; data: string }[] = [];
  const next = async (type: string): Promise<unknown> => {
    for (;;) {
      const index = seen.findIndex((message) => message.event === type);
      if (index !== -1) return JSON.parse(seen.splice(0, index + 1)[index]?.data ?? "null");
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the stream ended before a ${type} event`);
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split("\n")
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const event = field("event");
        if (event) seen.push({ event, data: field("data") ?? "" });
      }
    }
  };
  return {
    headers: response.headers,
    next,
    close: () => abort.abort(),
  };
}

describe("lodge dev", () => {
  it("rebuilds on a data change and reloads open pages; shows errors on the page and in the terminal until fixed", async () => {
    sample = sampleCopy();
    const run = dev(sample.root, ["--port", "0", "--images", SAMPLE_IMAGES]);
    const url = await Promise.race([run.started, run.exit.then(() => "")]);
    expect(run.stderr).toEqual([]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(run.stdout.filter((line) => !line.includes("warning"))).toEqual([
      "Building the site from data...",
      expect.stringMatching(/^Built the site in var\/dev\/site \(\d+\.\d s\)\.$/),
      `Serving Hillcrest Lodge No. 586 at ${url} for development`,
      "  site:  var/dev/site, rebuilt when a file in data changes",
      "  mail:  var/dev/outbox (written there as .eml files, never sent)",
      "  data:  var/dev/lodge.db",
      "Press Ctrl-C to stop.",
    ]);
    const html = await (await fetch(`${url}/history`)).text();
    expect(html).toContain('<script src="/__lodge/dev.js" defer></script></head>');
    expect(html).toContain("Twelve Master Masons");
    const script = await fetch(`${url}/__lodge/dev.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toContain('new EventSource("/__lodge/events")');
    const read = await fetch(`${url}/sheets/api/read`);
    expect(read.status).toBe(200);

    const events = await subscribe(`${url}/__lodge/events`);
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const history = readFileSync(join(sample.data, "history.yaml"), "utf8");
    const browser = await launchChromium();
    started.push(() => browser.close());
    const page = await browser.newPage();
    const complaints: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") complaints.push(message.text());
    });
    page.on("pageerror", (error) => complaints.push(error.message));
    // The page listens (its event stream answered) before the data changes.
    const listening = page.waitForResponse((response) =>
      response.url().endsWith("/__lodge/events"),
    );
    await page.goto(`${url}/history`);
    await listening;

    sample.write("history.yaml", history.replace("Twelve Master Masons", "Thirteen Master Masons"));
    expect(await events.next("building")).toEqual({ changed: ["history.yaml"] });
    expect(await events.next("reload")).toEqual({});
    await page.getByText("Thirteen Master Masons").waitFor();
    const changed = await (await fetch(`${url}/history`)).text();
    expect(changed).toContain("Thirteen Master Masons");
    expect(changed).toContain('<script src="/__lodge/dev.js" defer></script></head>');
    expect(run.stdout.slice(-2)).toEqual([
      "Changed: history.yaml. Rebuilding...",
      expect.stringMatching(/^Rebuilt in \d+\.\d s; open pages reload\.$/),
    ]);

    const problem = `data/history.yaml:18:9  history[1] (eighteen sixty-eight)  year: expected a year or 'Today', found "eighteen sixty-eight"`;
    sample.write("history.yaml", history.replace("- year: 1868", "- year: eighteen sixty-eight"));
    expect(await events.next("error")).toEqual({ problems: [problem] });
    expect(run.stderr).toEqual([
      problem,
      "data has an error (listed above); open pages show it too. Save a fix and the site rebuilds.",
    ]);
    // A page opened now hears of the error as soon as it connects, and still gets the last good build.
    const late = await subscribe(`${url}/__lodge/events`);
    expect(await late.next("error")).toEqual({ problems: [problem] });
    late.close();
    expect(await (await fetch(`${url}/history`)).text()).toContain("Thirteen Master Masons");
    const banner = page.getByRole("alert").filter({ hasText: "lodge dev" });
    await banner.getByText(problem).waitFor();
    expect(await banner.textContent()).toBe(
      `lodge dev: the data has errors, so this page shows the last good build. Fix them and save:${problem}`,
    );

    sample.write("history.yaml", history);
    expect(await events.next("reload")).toEqual({});
    await page.getByText("Twelve Master Masons").waitFor();
    expect(await banner.count()).toBe(0);
    expect(await (await fetch(`${url}/history`)).text()).toContain("Twelve Master Masons");
    expect(complaints).toEqual([]);

    // The API reads the latest good build too: a lodge.yaml edit reaches it without a restart.
    expect(await (await fetch(`${url}/sheets/api/read`)).json()).toMatchObject({ guestLimit: 70 });
    const lodgeYaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write("lodge.yaml", lodgeYaml.replace("\nguestLimit: 70\n", "\nguestLimit: 45\n"));
    expect(await events.next("reload")).toEqual({});
    expect(await (await fetch(`${url}/sheets/api/read`)).json()).toMatchObject({ guestLimit: 45 });

    run.stop();
    expect(await run.exit).toBe(0);
    expect(run.stdout.at(-1)).toBe("Stopped.");
  }, 120_000);

  it("refuses to start on data with errors, and serves nothing", async () => {
    sample = sampleCopy();
    sample.write("history.yaml", "- year: eighteen sixty-seven\n  content: Chartered.\n");
    const run = dev(sample.root, ["--port", "0"]);
    expect(await run.exit).toBe(1);
    expect(run.stderr).toEqual([
      `data/history.yaml:1:9  history[0] (eighteen sixty-seven)  year: expected a year or 'Today', found "eighteen sixty-seven"`,
      "data has an error (listed above). Nothing was served.",
    ]);
  });

  it("refuses a port that is not a number (exit 2), and shows an example in its help", async () => {
    sample = sampleCopy();
    const bad = dev(sample.root, ["--port", "eighty"]);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr).toEqual(["--port: expected a port number, e.g. 8080"]);
    const help = dev(sample.root, ["--help"]);
    expect(await help.exit).toBe(0);
    expect(help.stdout).toContain("  lodge dev --data data --port 8080");
  });
});
