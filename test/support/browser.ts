// Real Chromium for browser tests (Debian's package, installed by .ci/packages); tests skip without it.
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type Playwright = typeof import("playwright-core");

/** playwright-core driving Debian's Chromium, or null when either is missing (the test then skips). */
export async function loadPlaywright(): Promise<Playwright | null> {
  if (!existsSync(CHROMIUM)) return null;
  try {
    return await import("playwright-core");
  } catch {
    return null;
  }
}

/** Debian's Chromium, headless, with the tests' flags. */
export function launchChromium(playwright: Playwright) {
  return playwright.chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}
