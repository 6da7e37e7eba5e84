import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../cli/index.ts", import.meta.url));

/** What a person typed at a prompt: the keys, sent once the screen shows `after`. */
export type Keys = { after: string; keys: string };

/**
 * Runs `lodge` on a real pseudo-terminal (util-linux `script`, in every Debian), typing each step's
 * keys once its text is on the screen, as a person would: Enter is "\r", Ctrl-C "\x03", Ctrl-D
 * "\x04". Resolves with the screen (line ends as '\n') and the exit code; a command still waiting
 * after the last step is killed, by its id, when `within` runs out.
 */
export function onTerminal(
  cwd: string,
  args: readonly string[],
  steps: readonly Keys[],
  within = 20_000,
): Promise<{ code: number | null; screen: string }> {
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`);
  const child = spawn(
    "script",
    ["--quiet", "--return", "--command", quoted.join(" "), "/dev/null"],
    {
      cwd,
      env: { ...process.env, TERM: "dumb", NO_COLOR: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const waiting = [...steps];
  let screen = "";
  let seen = 0;
  const onOutput = (chunk: Buffer) => {
    screen += chunk.toString("utf8");
    for (let step = waiting[0]; step; step = waiting[0]) {
      const at = screen.indexOf(step.after, seen);
      if (at < 0) break;
      seen = at + step.after.length;
      waiting.shift();
      child.stdin.write(step.keys);
    }
  };
  child.stdout.on("data", onOutput);
  child.stderr.on("data", onOutput);
  const timer = setTimeout(() => child.kill(), within);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, screen: screen.replaceAll("\r\n", "\n").replaceAll("\r", "") });
    });
  });
}
