import { spawn } from 'node:child_process';
import { err, ok, type Result } from '../../src-common/result';
import { espeakArgs, type EspeakVoiceRate } from './espeak-args';
import { createRunGate } from './run-gate';
import { fixStreamedWav, type WavProblem } from './wav-header';

/** Why no speech came of a request; never with its text (field names the log's redaction keeps). */
export type SynthProblem =
  | { kind: 'timeout'; ms: number }
  | { kind: 'too-large'; maxBytes: number }
  /** Already as many runs going and waiting as allowed. */
  | { kind: 'busy' }
  | { kind: 'start-failed'; errno: string }
  | { kind: 'exited'; exitCode: number | null; signal: NodeJS.Signals | null }
  | { kind: 'bad-wav'; problem: WavProblem['kind'] };

export interface SynthRequest extends EspeakVoiceRate {
  text: string;
}

export interface SpeechEngine {
  readonly name: 'espeak-ng';
  /** A WAV file with its sizes filled in, or why not. */
  synth(request: SynthRequest): Promise<Result<Buffer, SynthProblem>>;
}

export interface EspeakEngineOptions {
  /** espeak-ng's binary (find-program.ts). */
  binary: string;
  /** A run still going after this long is killed. */
  timeoutMs?: number;
  /** A WAV growing past this is cut off and refused (a runaway, or text far too long). */
  maxBytes?: number;
  /** Runs at once, and more waiting their turn. */
  running?: number;
  waiting?: number;
  env?: Record<string, string | undefined>;
}

export const ESPEAK_DEFAULTS = {
  timeoutMs: 10_000,
  // The longest request (2,000 characters) at the slowest rate is about four minutes of 16-bit
  // 22,050 Hz mono, some 11 MB; more is something wrong.
  maxBytes: 16 * 1024 * 1024,
  running: 2,
  // The renderer asks for a whole utterance's lines at once (Help's answer is about a dozen) and
  // cannot take a request back; a line takes some 15 ms, so a long line costs little.
  waiting: 32,
} as const;

/** espeak-ng run once per request: the text on stdin, the WAV from stdout. */
export function createEspeakEngine(options: EspeakEngineOptions): SpeechEngine {
  const timeoutMs = options.timeoutMs ?? ESPEAK_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? ESPEAK_DEFAULTS.maxBytes;
  const gate = createRunGate({
    running: options.running ?? ESPEAK_DEFAULTS.running,
    waiting: options.waiting ?? ESPEAK_DEFAULTS.waiting,
  });

  function runOnce(request: SynthRequest): Promise<Result<Buffer, SynthProblem>> {
    return new Promise((resolve) => {
      const child = spawn(options.binary, espeakArgs(request), {
        // stderr ignored: espeak-ng may quote the text there, and nothing of it is logged.
        stdio: ['pipe', 'pipe', 'ignore'],
        env: options.env ?? process.env,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      let problem: SynthProblem | undefined;
      const stop = (why: SynthProblem): void => {
        problem ??= why;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => stop({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) stop({ kind: 'too-large', maxBytes });
        else chunks.push(chunk);
      });
      // A child that dies before reading its input closes the pipe: its exit says why.
      child.stdin.on('error', () => undefined);
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve(err(problem ?? { kind: 'start-failed', errno: error.code ?? 'unknown' }));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (problem) return resolve(err(problem));
        if (code !== 0) return resolve(err({ kind: 'exited', exitCode: code, signal }));
        const wav = fixStreamedWav(Buffer.concat(chunks));
        resolve(wav.ok ? ok(wav.value) : err({ kind: 'bad-wav', problem: wav.error.kind }));
      });
      child.stdin.end(request.text, 'utf8');
    });
  }

  return {
    name: 'espeak-ng',
    async synth(request) {
      return (await gate.run(() => runOnce(request))) ?? err({ kind: 'busy' });
    },
  };
}
