import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

/** Debian's Chromium by default; KIOSK_CHROMIUM points elsewhere. */
export function chromiumPath(): string {
  const candidate = process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: install it (apt-get install chromium) or set KIOSK_CHROMIUM.`,
    );
  }
  return candidate;
}

/** How the tests' Chromium is launched, by the E2E run's browser server or by a bench alone. */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      // Audio mode speaks before any touch, as the kiosk window allows (window.ts).
      '--autoplay-policy=no-user-gesture-required',
    ],
  };
}
