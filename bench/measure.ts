import { spawn } from "node:child_process";

export interface Timed {
  seconds: number;
  /** Peak resident memory of the process, in MB (GNU time's %M). */
  peakMB: number;
  output: string;
}

/** Runs a command under GNU time and returns its wall time and peak memory; fails on a non-zero exit. */
export function timed(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "__TIME__ %e %M", command, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const m = /__TIME__ ([\d.]+) (\d+)/.exec(output);
      if (code !== 0 || !m)
        return reject(
          new Error(`${command} ${args.join(" ")} failed (${code}):\n${output.slice(-2000)}`),
        );
      resolve({
        seconds: Number(m[1]),
        peakMB: Number(m[2]) / 1024,
        output: output.replace(/__TIME__.*\n?/, ""),
      });
    });
  });
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
