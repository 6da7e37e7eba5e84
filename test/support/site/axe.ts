import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is and returns its violations, one line each. axe is evaluated
 * by the browser's debugger, not added as a script: the server's pages forbid inline scripts
 * (CSP), and a page opened without JavaScript runs none.
 */
export async function violationsOf(page: Page, width: number): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  return violations.map(
    (v) =>
      `${width}px ${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join("; ")})`,
  );
}
