import { type CpuInfo, cpus } from "node:os";
import { setTimeout as delay } from "node:timers/promises";

/** The share of the machine's CPU time spent idle from `before` to now (0 to 1). */
function idleSince(before: CpuInfo[]): number {
  const after = cpus();
  let idle = 0;
  let total = 0;
  after.forEach((cpu, i) => {
    const was = before[i]?.times;
    if (!was) return;
    const now = cpu.times;
    idle += now.idle - was.idle;
    total +=
      now.user +
      now.nice +
      now.sys +
      now.irq +
      now.idle -
      (was.user + was.nice + was.sys + was.irq + was.idle);
  });
  return total === 0 ? 1 : idle / total;
}

/**
 * Lighthouse's figures hold only on a machine doing nothing else (its CPU slowdown multiplies
 * whatever else runs): waits until the CPUs are idle at least 85% for three seconds running,
 * as after the test suite's last servers and browsers have wound down, but at most a minute.
 * Returns the seconds waited, for the report.
 */
export async function quietMachine(limitMs = 60_000): Promise<number> {
  const start = Date.now();
  let quietSeconds = 0;
  while (quietSeconds < 3 && Date.now() - start < limitMs) {
    const before = cpus();
    await delay(1000);
    quietSeconds = idleSince(before) >= 0.85 ? quietSeconds + 1 : 0;
  }
  return Math.round((Date.now() - start) / 1000);
}
