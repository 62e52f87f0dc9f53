import { describe, expect, it } from 'vitest';
import type { SpeechAnswer } from '../../../../src-common/ipc/contract';
import { SpeechPlayer, type Playback, type Voice } from '../../../../src-renderer/access/player';

const VOICE: Voice = { language: 'en', rate: 175, volume: 0.5 };

/** A fake engine and audio device: each line's speech and playback settle when the test says. */
function rig(options: { failMake?: string[]; failPlay?: string[]; throwPlay?: string[] } = {}) {
  const asked: string[] = [];
  const events: string[] = [];
  const playing = new Map<string, () => void>();
  const player = new SpeechPlayer({
    make: (line, voice) => {
      asked.push(`${line}@${voice.language}/${voice.rate}`);
      return options.failMake?.includes(line)
        ? Promise.reject(new Error('engine failed'))
        : Promise.resolve<SpeechAnswer>({ engine: 'none' });
    },
    play: (_answer, line, voice): Playback => {
      if (options.throwPlay?.includes(line)) throw new Error('no audio device');
      events.push(`play ${line} at ${voice.volume}`);
      if (options.failPlay?.includes(line))
        return { done: Promise.reject(new Error('decode failed')), stop: () => undefined };
      let end!: () => void;
      const done = new Promise<void>((resolve) => (end = resolve));
      playing.set(line, () => {
        events.push(`end ${line}`);
        end();
      });
      return {
        done,
        stop: () => {
          events.push(`stop ${line}`);
          end();
        },
      };
    },
  });
  /** Lets queued promises run. */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  };
  const finish = async (line: string): Promise<void> => {
    await settle();
    const end = playing.get(line);
    if (!end) throw new Error(`${line} is not playing; events: ${events.join(', ')}`);
    playing.delete(line);
    end();
    await settle();
  };
  return { player, asked, events, settle, finish };
}

describe('the speech player', () => {
  it('asks for every line at once, then plays them one after another at the volume', async () => {
    const { player, asked, events, settle, finish } = rig();
    player.speak({ lines: ['one', 'two', 'three'], interrupt: false }, VOICE);
    expect(asked).toEqual(['one@en/175', 'two@en/175', 'three@en/175']);
    await settle();
    expect(events).toEqual(['play one at 0.5']);
    expect(player.busy).toBe(true);
    await finish('one');
    await finish('two');
    await finish('three');
    expect(events).toEqual([
      'play one at 0.5',
      'end one',
      'play two at 0.5',
      'end two',
      'play three at 0.5',
      'end three',
    ]);
    expect(player.busy).toBe(false);
  });

  it('an utterance that does not interrupt waits for the one being said', async () => {
    const { player, events, settle, finish } = rig();
    player.speak({ lines: ['screen'], interrupt: true }, VOICE);
    player.speak({ lines: ['outcome'], interrupt: false }, VOICE);
    await settle();
    expect(events).toEqual(['play screen at 0.5']);
    await finish('screen');
    await finish('outcome');
    expect(events).toEqual([
      'play screen at 0.5',
      'end screen',
      'play outcome at 0.5',
      'end outcome',
    ]);
  });

  it('an interrupting utterance stops the line being heard and drops the rest', async () => {
    const { player, events, settle, finish } = rig();
    player.speak({ lines: ['a', 'b'], interrupt: false }, VOICE);
    player.speak({ lines: ['queued'], interrupt: false }, VOICE);
    await settle();
    player.speak({ lines: ['new screen'], interrupt: true }, { ...VOICE, language: 'es' });
    await settle();
    expect(events).toEqual(['play a at 0.5', 'stop a', 'play new screen at 0.5']);
    await finish('new screen');
    expect(events.at(-1)).toBe('end new screen');
    expect(player.busy).toBe(false);
  });

  it('interrupt() (a key or a touch) stops at once and says nothing more', async () => {
    const { player, events, settle } = rig();
    player.speak({ lines: ['a', 'b'], interrupt: false }, VOICE);
    await settle();
    player.interrupt();
    expect(player.busy).toBe(false);
    await settle();
    expect(events).toEqual(['play a at 0.5', 'stop a']);
  });

  it('a line whose speech fails, whose playback rejects or throws is skipped, not waited on', async () => {
    const { player, events, settle, finish } = rig({
      failMake: ['no speech'],
      failPlay: ['bad wave'],
      throwPlay: ['no device'],
    });
    player.speak({ lines: ['no speech', 'bad wave', 'no device', 'fine'], interrupt: true }, VOICE);
    await settle();
    expect(events).toEqual(['play bad wave at 0.5', 'play fine at 0.5']);
    await finish('fine');
    expect(player.busy).toBe(false);
  });

  it('repeats the last utterance, interrupting, at the voice given now', async () => {
    const { player, asked, events, settle, finish } = rig();
    expect(player.repeat(VOICE)).toBe(false);
    player.speak({ lines: ['Due December 16'], interrupt: false }, VOICE);
    await finish('Due December 16');
    expect(player.repeat({ ...VOICE, volume: 0.9, rate: 200 })).toBe(true);
    await settle();
    expect(asked.at(-1)).toBe('Due December 16@en/200');
    expect(events.at(-1)).toBe('play Due December 16 at 0.9');
  });

  it('forgets the last utterance when told (the session ended), stopping it too', async () => {
    const { player, events, settle } = rig();
    player.speak({ lines: ['Hello, Amara'], interrupt: true }, VOICE);
    await settle();
    player.forget();
    expect(events).toEqual(['play Hello, Amara at 0.5', 'stop Hello, Amara']);
    expect(player.repeat(VOICE)).toBe(false);
  });

  it('empty and blank lines are not asked for; an utterance of none says nothing', async () => {
    const { player, asked, events, settle } = rig();
    player.speak({ lines: ['', '  '], interrupt: false }, VOICE);
    await settle();
    expect(asked).toEqual([]);
    expect(events).toEqual([]);
    expect(player.busy).toBe(false);
    expect(player.repeat(VOICE)).toBe(false);
  });

  it('an empty interrupting utterance still stops what is being said', async () => {
    const { player, events, settle } = rig();
    player.speak({ lines: ['a'], interrupt: false }, VOICE);
    await settle();
    player.speak({ lines: [], interrupt: true }, VOICE);
    expect(events).toEqual(['play a at 0.5', 'stop a']);
  });

  it('a playback that never ends, even when stopped, does not hold up what is said next', async () => {
    const events: string[] = [];
    const player = new SpeechPlayer({
      make: () => Promise.resolve({ engine: 'none' }),
      play: (_answer, line) => {
        events.push(`play ${line}`);
        // An audio device gone: neither the end nor the stop is ever reported.
        return {
          done: new Promise<void>(() => undefined),
          stop: () => events.push(`stop ${line}`),
        };
      },
    });
    player.speak({ lines: ['stuck'], interrupt: false }, VOICE);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    player.speak({ lines: ['next screen'], interrupt: true }, VOICE);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(events).toEqual(['play stuck', 'stop stuck', 'play next screen']);
  });
});
