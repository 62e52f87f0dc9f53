import type { Language, SpeechAnswer } from '../../src-common/ipc/contract';

/** What to say: its lines in order; `interrupt` stops what is being said first. */
export interface Utterance {
  lines: string[];
  interrupt: boolean;
}

/** How to say it: the patron's language, rate (words per minute) and volume (0 to 1). */
export interface Voice {
  language: Language;
  rate: number;
  volume: number;
}

/** One line being heard: `done` settles when it ends, is stopped or fails. */
export interface Playback {
  done: Promise<void>;
  stop(): void;
}

export interface PlayerParts {
  /** The speech for one line (the main process's `patron.speech.say`). */
  make(line: string, voice: Voice): Promise<SpeechAnswer>;
  /** Plays it; throws or rejects when it cannot. */
  play(answer: SpeechAnswer, line: string, voice: Voice): Playback;
}

/**
 * Says utterances one line after another. Every line of an utterance is asked for at once (the
 * engine works on the later lines while the first plays, and the speech layer records them all),
 * then played in order. An interrupting utterance, or `interrupt()` (the patron's next key or
 * touch), stops the line being heard and drops the rest; others wait their turn. A line whose
 * speech or playback fails is skipped, never holding up the next.
 */
export class SpeechPlayer {
  /** Goes up at each interruption; a queue of an older run stops at its next step. */
  #run = 0;
  #current: Playback | undefined;
  #tail: Promise<void> = Promise.resolve();
  /** Utterances of the present run not yet finished. */
  #waiting = 0;
  #last: Utterance | undefined;

  constructor(private readonly parts: PlayerParts) {}

  /** True while something is being said or waits to be. */
  get busy(): boolean {
    return this.#waiting > 0;
  }

  speak(utterance: Utterance, voice: Voice): void {
    if (utterance.interrupt) this.interrupt();
    const lines = utterance.lines.filter((line) => line.trim() !== '');
    if (lines.length === 0) return;
    this.#last = { lines, interrupt: true };
    const run = this.#run;
    const made = lines.map((line) => ({
      line,
      answer: this.parts.make(line, voice).catch(() => undefined),
    }));
    this.#waiting += 1;
    this.#tail = this.#tail
      .then(() => this.#playAll(run, made, voice))
      .finally(() => {
        if (run === this.#run) this.#waiting -= 1;
      });
  }

  /** Stops at once: the line being heard and everything queued. */
  interrupt(): void {
    this.#run += 1;
    this.#waiting = 0;
    const current = this.#current;
    this.#current = undefined;
    // A new queue starts now, not after the old one has noticed it was stopped.
    this.#tail = Promise.resolve();
    current?.stop();
  }

  /** Says the last utterance again (interrupting); false when there is none. */
  repeat(voice: Voice): boolean {
    if (!this.#last) return false;
    this.speak(this.#last, voice);
    return true;
  }

  /** Stops and forgets the last utterance: a session's words do not outlive it. */
  forget(): void {
    this.interrupt();
    this.#last = undefined;
  }

  async #playAll(
    run: number,
    made: { line: string; answer: Promise<SpeechAnswer | undefined> }[],
    voice: Voice,
  ): Promise<void> {
    for (const { line, answer } of made) {
      const speech = await answer;
      if (run !== this.#run) return;
      if (!speech) continue;
      let playback: Playback;
      try {
        playback = this.parts.play(speech, line, voice);
      } catch {
        continue;
      }
      this.#current = playback;
      await playback.done.catch(() => undefined);
      if (run !== this.#run) return;
      this.#current = undefined;
    }
  }
}
