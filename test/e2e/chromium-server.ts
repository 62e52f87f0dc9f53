/**
 * Vitest's globalSetup for the E2E project: one Chromium for the whole run, launched here as a
 * Playwright browser server, its endpoint handed to each file through `provide`. The harness
 * connects to it (`launchChromium()`), and every kiosk opens a context of its own in it, where a
 * Chromium launched and closed for each kiosk took about 2 s of each of the run's kiosk starts.
 */
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-launch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint (ws://127.0.0.1:port/guid). */
    chromiumWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ ...chromiumLaunchOptions(), host: '127.0.0.1' });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
