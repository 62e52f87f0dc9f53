import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/**
 * The renderer process behind a fake webContents (fake-electron.ts), as Electron 45 on Linux runs
 * it. With `real`, it is a real process (`sleep`) whose pid `getOSProcessId()` gives, so a kill by
 * pid, SIGSTOP and SIGCONT act for real; otherwise its pid is 0 (Electron's null process id).
 *
 * What it follows:
 * - shell/browser/api/electron_api_web_contents.cc, `ForcefullyCrashRenderer`: on Linux
 *   `RenderProcessHost::ForceCrash()`, a message the renderer's IO thread acts on. A renderer whose
 *   main thread is stuck crashes a moment later; a stopped process (SIGSTOP) acts on it only
 *   when it is continued, if ever.
 * - Chromium's child process watcher: a renderer that ends is reported as `render-process-gone`,
 *   `killed` for SIGKILL or SIGTERM, `crashed` for a crash signal, with the signal's number.
 * - `reload()` of a page whose renderer is stuck or stopped goes to that renderer and commits
 *   nothing; only a renderer that is gone is replaced by a new process with a fresh page (the
 *   documentation's recipe: forcefullyCrashRenderer, then reload, for a new process).
 * - Chromium's input hang monitor raises `unresponsive` only for an input event the renderer has
 *   not answered (after 5 s here), never for a page nobody touches.
 */

export type RendererState = 'running' | 'hung' | 'stopped' | 'gone';

export interface RendererEvents {
  gone(details: { reason: string; exitCode: number }): void;
  /** A new page finished loading in a new or running renderer (the preload ran). */
  loaded(): void;
  unresponsive(): void;
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = {
  SIGKILL: 9,
  SIGTERM: 15,
  SIGSEGV: 11,
  SIGABRT: 6,
};

/** Chromium's input-event ack timeout before `unresponsive` (kHungRendererDelay). */
export const INPUT_HANG_MS = 5_000;

export class FakeRenderer {
  state: RendererState = 'running';
  /** A ForceCrash the renderer has not acted on yet (it is stopped). */
  crashPending = false;
  private child: ChildProcess | undefined;
  private hangTimer: ReturnType<typeof setTimeout> | undefined;
  /** The process ends with the webContents: not reported. */
  private closing = false;

  constructor(
    private readonly real: boolean,
    private readonly events: RendererEvents,
  ) {
    this.start();
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  private start(): void {
    this.state = 'running';
    this.crashPending = false;
    if (!this.real) return;
    const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
    child.unref();
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.ended(code ?? 0, signal);
    });
  }

  private ended(code: number, signal: NodeJS.Signals | null): void {
    if (this.state === 'gone' || this.closing) return;
    this.state = 'gone';
    clearTimeout(this.hangTimer);
    this.hangTimer = undefined;
    const killed = signal === 'SIGKILL' || signal === 'SIGTERM';
    const reason = killed
      ? 'killed'
      : signal
        ? 'crashed'
        : code === 0
          ? 'clean-exit'
          : 'abnormal-exit';
    this.events.gone({ reason, exitCode: signal ? (SIGNAL_NUMBERS[signal] ?? 1) : code });
  }

  /** The renderer crashes by itself (its own bug, or a ForceCrash it acted on). */
  crash(): void {
    if (this.state === 'gone') return;
    if (this.child) this.child.kill('SIGSEGV');
    else this.ended(0, 'SIGSEGV');
  }

  /** Its main thread stops running JavaScript (a loop, a deadlock); the IO thread goes on. */
  hang(): void {
    if (this.state === 'running') this.state = 'hung';
  }

  /** `kill -STOP`: nothing in the process runs. */
  stop(): void {
    if (this.state === 'gone') return;
    this.child?.kill('SIGSTOP');
    this.state = 'stopped';
  }

  /** `kill -CONT`: a ForceCrash received meanwhile is acted on now. */
  resume(): void {
    if (this.state !== 'stopped') return;
    this.child?.kill('SIGCONT');
    this.state = 'running';
    if (this.crashPending) setImmediate(() => this.crash());
  }

  forceCrash(): void {
    if (this.state === 'gone') return;
    if (this.state === 'stopped') {
      this.crashPending = true;
      return;
    }
    setImmediate(() => this.crash());
  }

  /** A reload: a new process for a renderer that is gone, nothing for a stuck one. */
  reload(): void {
    if (this.state === 'gone') this.start();
    if (this.state !== 'running') return;
    setImmediate(() => {
      if (this.state === 'running') this.events.loaded();
    });
  }

  /** An input event (a tap, a key): unanswered by a stuck renderer, which Chromium reports. */
  input(): void {
    if (this.state === 'running' || this.state === 'gone' || this.hangTimer) return;
    this.hangTimer = setTimeout(() => {
      this.hangTimer = undefined;
      if (this.state === 'hung' || this.state === 'stopped') this.events.unresponsive();
    }, INPUT_HANG_MS);
  }

  /** Whether its JavaScript runs (IPC to the page's listeners is delivered). */
  runsScripts(): boolean {
    return this.state === 'running';
  }

  /** The webContents is closed: its process ends without a report. */
  close(): void {
    this.closing = true;
    clearTimeout(this.hangTimer);
    const child = this.child;
    if (!child) return;
    if (this.state === 'stopped') child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
}
