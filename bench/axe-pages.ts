import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "../test/support/site/browser.ts";

/** axe-core's violations on each page, as 'route: impact id'. */
export async function axeEveryPage(base: string, routes: string[]): Promise<string[]> {
  const axe = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  // playwright stops its browser as the process exits; the signals are the audit's (endOnSignals).
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const found: string[] = [];
  try {
    for (const route of routes) {
      // axe is injected as a script, which the site's CSP rightly refuses: let the audit through.
      const page = await browser.newPage({ bypassCSP: true });
      await page.goto(base + route);
      await page.waitForSelector("html[data-ready]");
      await page.addScriptTag({ path: axe });
      const violations = (await page.evaluate(
        async () =>
          (
            await (
              window as unknown as {
                axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> };
              }
            ).axe.run()
          ).violations,
      )) as {
        id: string;
        impact: string;
      }[];
      for (const v of violations) found.push(`${route}: ${v.impact} ${v.id}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return found;
}
