import { describe, expect, it } from 'vitest';
import { espeakArgs } from '../../../src-main/speech/espeak-args';

describe('espeakArgs', () => {
  it.each([
    { case: 'the default voice and rate', voice: 'en-us', rate: 175, wpm: '175' },
    { case: 'Spanish', voice: 'es', rate: 175, wpm: '175' },
    { case: 'a voice variant', voice: 'en-gb-x-rp', rate: 200, wpm: '200' },
    {
      case: 'a rate between whole words per minute, rounded',
      voice: 'es',
      rate: 150.6,
      wpm: '151',
    },
    { case: 'a rate under the slowest, raised to it', voice: 'es', rate: 20, wpm: '80' },
    { case: 'a rate over the fastest, lowered to it', voice: 'es', rate: 900, wpm: '450' },
  ])('$case: -v $voice -s $wpm, UTF-8 input, WAV on stdout', ({ voice, rate, wpm }) => {
    expect(espeakArgs({ voice, rate })).toEqual(['-v', voice, '-s', wpm, '-b', '1', '--stdout']);
  });

  it('never carries text: nothing but the voice and numbers besides its own options', () => {
    const args = espeakArgs({ voice: 'en-us', rate: 175 });
    expect(args.filter((arg) => !arg.startsWith('-'))).toEqual(['en-us', '175', '1']);
  });
});
