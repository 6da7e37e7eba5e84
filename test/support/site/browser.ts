import { type Browser, chromium } from "playwright-core";
import { withoutFaketime } from "../machine-clock.ts";

/** Debian's Chromium; CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless and quiet: no sandbox (containers), no GPU, no calls home. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Debian's Chromium with those flags, on the machine's clock (faketime or not: see
 * withoutFaketime); a page's clock is the test's, set with page.clock.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: withoutFaketime(),
  });
}
