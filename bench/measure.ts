import { spawn } from "node:child_process";

export interface Timed {
  seconds: number;
  /** Peak resident memory of the process, in MB (GNU time's %M). */
  peakMB: number;
  output: string;
}

/** Runs a command and resolves to what it printed (stdout and stderr); fails on a non-zero exit. */
export function output(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let printed = "";
    child.stdout.on("data", (d) => {
      printed += d;
    });
    child.stderr.on("data", (d) => {
      printed += d;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(printed)
        : reject(
            new Error(`${command} ${args.join(" ")} failed (${code}):\n${printed.slice(-2000)}`),
          ),
    );
  });
}

/** Runs a command under GNU time and returns its wall time and peak memory; fails on a non-zero exit. */
export async function timed(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd?: string,
): Promise<Timed> {
  const printed = await output(
    "/usr/bin/time",
    ["-f", "__TIME__ %e %M", command, ...args],
    env,
    cwd,
  );
  const m = /__TIME__ ([\d.]+) (\d+)/.exec(printed);
  if (!m) throw new Error(`${command} ${args.join(" ")} printed no time:\n${printed.slice(-2000)}`);
  return {
    seconds: Number(m[1]),
    peakMB: Number(m[2]) / 1024,
    output: printed.replace(/__TIME__.*\n?/, ""),
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** The middle value (the upper of the two middle ones for an even count), 0 for none. */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
