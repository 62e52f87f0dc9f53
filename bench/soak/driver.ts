import type { Browser, Page } from 'playwright-core';
import type { KioskState } from '../../src-common/ipc/contract';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { launchChromium } from '../../test/e2e/harness';
import { connectIpc } from '../../test/support/ipc-wire-client';
import type { IpcWireClient } from '../../test/support/ipc-wire-client';
import { startSoakHost } from './host-process';
import type { HostSample, SoakHost } from './host-process';
import type { HostCounts } from './protocol';
import { chromiumLane, ipcLane } from './lanes';
import type { Lane } from './lanes';
import { probeRenderer } from './renderer-probe';
import type { RendererProbe, RendererSample } from './renderer-probe';
import { signInKiosk } from './sign-in';

export interface SoakOptions {
  /** Check-out sessions (card, three items, finish); check-in sessions come on top. */
  checkOuts: number;
  /** A full sample (forced GC) every this many check-out sessions. */
  sampleEvery: number;
  /** Every this many sessions (check-outs and check-ins) goes through Chromium. */
  chromiumEvery: number;
  /** Every this many check-out sessions the patron walks away and the session times out. */
  timeoutEvery: number;
  /** Every this many check-out sessions the patron switches the language to Spanish. */
  languageEvery: number;
  /** Every this many check-out sessions staff open staff mode, call the console and leave. */
  staffEvery: number;
  /** Loans stay out this many check-out sessions before a check-in session returns them. */
  returnAfter: number;
  /** Where the built renderer is. */
  rendererDir: string;
  /** Quiet points the baseline of the counts is the highest of (default 10). */
  warmUp?: number;
  /**
   * After a session, how long the counts may take to come back to the baseline (default 5 s: a
   * busy machine closes a socket late; a leak never gives it back, so waiting longer costs only a
   * leaking run's time).
   */
  settleMs?: number;
  /** Stop after this many sessions in a row whose counts stayed above the baseline. */
  leakRun?: number;
  /** Progress lines; default none. */
  log?: (line: string) => void;
  /** Called once the kiosk process runs, before the first session: the leak-injection seam. */
  onHostStarted?: (host: SoakHost) => void;
}

/** What is counted at a quiet point: the kiosk process and the page's elements. */
export interface QuietCounts extends HostCounts {
  elements: number;
}

export interface SoakSample {
  /** Check-out sessions and all sessions done when the sample was taken. */
  checkOuts: number;
  sessions: number;
  host: HostSample;
  renderer: RendererSample;
  elapsedMs: number;
}

export interface SoakResult {
  samples: SoakSample[];
  baseline: QuietCounts;
  /** The highest count seen at any quiet point after settling, per counter. */
  peak: QuietCounts;
  /** Sessions whose quiet point stayed above the baseline after settling (counter: sessions). */
  over: Partial<Record<keyof QuietCounts, number>>;
  /** Set when the run stopped early: counts stayed above the baseline session after session. */
  leak?: string;
  sessions: { checkOut: number; checkIn: number; chromium: number; timedOut: number };
  languageSwitches: number;
  staffVisits: number;
  /** Lines that did not end `done` (refusals, unknown outcomes). */
  lineErrors: number;
  elapsedMs: number;
}

const SETTINGS: StoredSettings = {
  // The shortest inactivity the settings allow, so the walk-away sessions end in seconds.
  patron: { inactivityTimeoutMs: 2_000, warningMs: 1_000, thankYouMs: 1_000 },
  receipt: { mode: 'none' },
};
const DUPLICATE_WINDOW_MS = 2_000;
/** Node's HTTP server closes an idle keep-alive connection after 5 s (server.keepAliveTimeout). */
const KEEP_ALIVE_MS = 5_500;
const COUNTERS = ['fds', 'sockets', 'timers', 'refTimers', 'tcp', 'elements'] as const;

const isAttract = (state: KioskState): boolean =>
  state.screen.name === 'attract' && !state.screen.signedOut && state.language === 'en';

function linesOf(state: KioskState) {
  const { screen } = state;
  return screen.name === 'patron' || screen.name === 'check-in' ? screen.session : undefined;
}

/** A day's work: see bench/soak.ts. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const host = await startSoakHost(SETTINGS, options.rendererDir);
  let browser: Browser | undefined;
  let probe: RendererProbe | undefined;
  try {
    options.onHostStarted?.(host);
    await signInKiosk(host.launchUrl);
    const signedIn = performance.now();
    browser = await launchChromium();
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await page.goto(host.launchUrl);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    probe = await probeRenderer(page);
    return await new Soak(options, host, page, probe, log, signedIn, started).run();
  } finally {
    await probe?.close().catch(() => undefined);
    await browser?.close();
    await host.stop();
  }
}

class Soak {
  readonly #lastScan = new Map<string, number>();
  readonly #shelf: string[];
  readonly #out: string[][] = [];
  #sessions = 0;
  #checkOuts = 0;
  #checkIns = 0;
  #chromium = 0;
  #timedOut = 0;
  #languageSwitches = 0;
  #staffVisits = 0;
  #lineErrors = 0;
  #baseline: QuietCounts | undefined;
  #peak: QuietCounts | undefined;
  readonly #over: Partial<Record<keyof QuietCounts, number>> = {};
  #overInARow = 0;
  readonly #samples: SoakSample[] = [];

  constructor(
    readonly options: SoakOptions,
    readonly host: SoakHost,
    readonly page: Page,
    readonly probe: RendererProbe,
    readonly log: (line: string) => void,
    /** When the kiosk was signed in (performance.now()). */
    readonly signedIn: number,
    readonly started: number,
  ) {
    this.#shelf = [...host.items];
    if (host.members.length < 2 * options.returnAfter) {
      throw new Error(`only ${host.members.length} members may borrow: too few for the soak`);
    }
  }

  async run(): Promise<SoakResult> {
    const { options } = this;
    const warmUp = options.warmUp ?? 10;
    const warm: QuietCounts[] = [];
    let leak: string | undefined;
    while (this.#checkOuts < options.checkOuts) {
      const n = this.#checkOuts + 1;
      await this.#checkOut(n);
      if (this.#out.length > options.returnAfter) await this.#checkIn();
      if (n % options.staffEvery === 0) await this.#staffVisit();

      if (!this.#baseline) {
        // The sign-in's keep-alive connections (to the service and the web host) close after 5 s
        // idle: the baseline is what the kiosk holds without them.
        if (performance.now() - this.signedIn > KEEP_ALIVE_MS) warm.push(await this.#quietCounts());
        if (warm.length === warmUp) this.#baseline = maxOf(warm);
      } else {
        leak = await this.#quietPoint();
        if (leak) break;
      }
      if (n % options.sampleEvery === 0) await this.#sample();
    }
    // The last loans go back: the service ends the day with what it started with.
    while (!leak && this.#out.length > 0) await this.#checkIn();
    const baseline = this.#baseline;
    if (!baseline) throw new Error(`the run ended before its ${warmUp} quiet points of baseline`);
    return {
      samples: this.#samples,
      baseline,
      peak: this.#peak ?? baseline,
      over: this.#over,
      ...(leak ? { leak } : {}),
      sessions: {
        checkOut: this.#checkOuts,
        checkIn: this.#checkIns,
        chromium: this.#chromium,
        timedOut: this.#timedOut,
      },
      languageSwitches: this.#languageSwitches,
      staffVisits: this.#staffVisits,
      lineErrors: this.#lineErrors,
      elapsedMs: performance.now() - this.started,
    };
  }

  async #quietCounts(): Promise<QuietCounts> {
    await this.page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const [counts, elements] = await Promise.all([this.host.counts(), this.probe.elements()]);
    return { ...counts, elements };
  }

  /**
   * After a session, on the attract screen: the counts must come back to the baseline (sockets
   * of the session's own connection close a moment after it). Returns why the run must stop.
   */
  async #quietPoint(): Promise<string | undefined> {
    const baseline = this.#baseline;
    if (!baseline) return undefined;
    const deadline = performance.now() + (this.options.settleMs ?? 5_000);
    let counts = await this.#quietCounts();
    while (above(counts, baseline).length > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      counts = await this.#quietCounts();
    }
    this.#peak = this.#peak ? maxOf([this.#peak, counts]) : counts;
    const over = above(counts, baseline);
    for (const counter of over) this.#over[counter] = (this.#over[counter] ?? 0) + 1;
    this.#overInARow = over.length > 0 ? this.#overInARow + 1 : 0;
    if (this.#overInARow >= (this.options.leakRun ?? 5)) {
      const what = over.map((c) => `${c} ${counts[c]} (baseline ${baseline[c]})`).join(', ');
      return `after ${this.#sessions} sessions, ${this.#overInARow} in a row ended above the baseline: ${what}`;
    }
    return undefined;
  }

  async #sample(): Promise<void> {
    const [host, renderer] = [await this.host.sample(), await this.probe.sample()];
    const sample: SoakSample = {
      checkOuts: this.#checkOuts,
      sessions: this.#sessions,
      host,
      renderer,
      elapsedMs: performance.now() - this.started,
    };
    this.#samples.push(sample);
    this.log(
      `${sample.checkOuts} check-outs, ${sample.sessions} sessions, ` +
        `${(sample.elapsedMs / 1000).toFixed(0)} s: host heap ${mib(host.heapUsed)} MiB, ` +
        `fds ${host.counts.fds}, DOM nodes ${renderer.nodes}`,
    );
  }

  /** A deliberate re-scan waits out the duplicate window, as a person's would. */
  async #pace(code: string): Promise<void> {
    const since = performance.now() - (this.#lastScan.get(code) ?? Number.NEGATIVE_INFINITY);
    if (since < DUPLICATE_WINDOW_MS + 50) {
      await new Promise((resolve) => setTimeout(resolve, DUPLICATE_WINDOW_MS + 50 - since));
    }
    this.#lastScan.set(code, performance.now());
  }

  /** One session with its own connection (as a renderer that reloads would open one). */
  async #session(run: (lane: Lane, client: IpcWireClient) => Promise<void>): Promise<void> {
    this.#sessions += 1;
    const throughChromium = this.#sessions % this.options.chromiumEvery === 0;
    const client = await connectIpc(this.host.launchUrl);
    try {
      await client.until(isAttract);
      if (throughChromium) this.#chromium += 1;
      await run(throughChromium ? chromiumLane(this.page) : ipcLane(client), client);
      await client.until(isAttract, 10_000);
    } finally {
      client.close();
    }
  }

  async #scanItems(lane: Lane, client: IpcWireClient, items: string[]): Promise<void> {
    for (const [index, item] of items.entries()) {
      await this.#pace(item);
      await lane.scan(item);
      const state = await client.until((s) => {
        const lines = linesOf(s);
        return !!lines && lines.length === index + 1 && lines.every((l) => l.status !== 'pending');
      });
      const line = linesOf(state)?.[0];
      if (line?.status !== 'done') this.#lineErrors += 1;
    }
  }

  async #checkOut(n: number): Promise<void> {
    const { members } = this.host;
    const card = members[(n - 1) % members.length] ?? '';
    const items = this.#shelf.splice(0, 3);
    if (items.length < 3) throw new Error('the shelf is empty: too few items for the soak');
    const walkAway = n % this.options.timeoutEvery === 0;
    const switchLanguage = n % this.options.languageEvery === 0;
    await this.#session(async (lane, client) => {
      let warned = false;
      const off = client.onState((state) => (warned ||= !!state.inactivityWarning));
      await this.#pace(card);
      await lane.scan(card);
      const patron = await client.until((s) => s.screen.name === 'patron');
      if (patron.screen.name === 'patron' && patron.screen.patron.blocked) {
        throw new Error(`member ${card} may not borrow: ${patron.screen.patron.blocked.kind}`);
      }
      if (switchLanguage) {
        await client.invoke('station.kiosk.setLanguage', { language: 'es' });
        await client.until((s) => s.language === 'es');
        this.#languageSwitches += 1;
      }
      await this.#scanItems(lane, client, items);
      this.#out.push(items);
      if (walkAway) {
        await client.until((s) => s.screen.name === 'attract', 10_000);
        off();
        if (!warned) throw new Error('the session timed out without its "still there?" warning');
        this.#timedOut += 1;
      } else {
        off();
        await this.#end(lane, client);
      }
    });
    this.#checkOuts += 1;
  }

  async #checkIn(): Promise<void> {
    const items = this.#out.shift() ?? [];
    await this.#session(async (lane, client) => {
      await lane.startCheckIn();
      await client.until((s) => s.screen.name === 'check-in');
      await this.#scanItems(lane, client, items);
      await this.#end(lane, client);
    });
    this.#shelf.push(...items);
    this.#checkIns += 1;
  }

  /**
   * Finish, then the thank-you screen: one patron in 25 (and every Chromium one) leaves it to
   * time out; for the others the next patron's touch ends it (patron.cancel), as in a busy queue.
   */
  async #end(lane: Lane, client: IpcWireClient): Promise<void> {
    await lane.finish();
    await client.until((s) => s.screen.name === 'thanks');
    if (lane.name === 'ipc' && this.#sessions % 25 !== 0) await client.invoke('patron.cancel');
  }

  async #staffVisit(): Promise<void> {
    const client = await connectIpc(this.host.launchUrl);
    try {
      await client.until(isAttract);
      await client.invoke('station.staff.open');
      const pin = await client.invoke('station.staff.submitPin', { pin: DEMO_STAFF_PIN });
      if (!pin.ok || !(pin.value as { accepted: boolean }).accepted) {
        throw new Error('the demo PIN did not open staff mode');
      }
      await client.until((s) => s.screen.name === 'staff');
      const status = await client.invoke('staff.console.diagnostics.status');
      if (!status.ok) throw new Error(`console.status failed: ${JSON.stringify(status.error)}`);
      await client.invoke('station.staff.exit');
      await client.until(isAttract);
      this.#staffVisits += 1;
    } finally {
      client.close();
    }
  }
}

function above(counts: QuietCounts, baseline: QuietCounts): (keyof QuietCounts)[] {
  return COUNTERS.filter((counter) => counts[counter] > baseline[counter]);
}

function maxOf(all: QuietCounts[]): QuietCounts {
  const max = (counter: keyof QuietCounts): number => Math.max(...all.map((c) => c[counter]));
  return {
    fds: max('fds'),
    sockets: max('sockets'),
    timers: max('timers'),
    refTimers: max('refTimers'),
    tcp: max('tcp'),
    elements: max('elements'),
  };
}

export function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
