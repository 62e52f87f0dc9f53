import { describe, expect, it } from 'vitest';
import {
  defaultSinkName,
  headphonesActive,
  isHeadphonePort,
  readSinks,
} from '../../../src-main/speech/headphone-ports';

/** `LC_ALL=C pactl list sinks` as PulseAudio 16 / PipeWire's pulse server print one sink. */
function sinkBlock(index: number, name: string, activePort: string, ports: string[]): string {
  return [
    `Sink #${index}`,
    '\tState: SUSPENDED',
    `\tName: ${name}`,
    '\tDescription: Built-in Audio Analog Stereo',
    '\tDriver: PipeWire',
    '\tVolume: front-left: 42597 /  65% / -11.23 dB,   front-right: 42597 /  65% / -11.23 dB',
    '\tProperties:',
    '\t\talsa.card = "0"',
    '\t\tdevice.description = "Built-in Audio"',
    '\tPorts:',
    ...ports.map((port) => `\t\t${port}`),
    `\tActive Port: ${activePort}`,
    '\tFormats:',
    '\t\tpcm',
    '',
  ].join('\n');
}

const ANALOG = 'alsa_output.pci-0000_00_1f.3.analog-stereo';
const SPEAKER =
  'analog-output-speaker: Speakers (type: Speaker, priority: 10000, availability group: Legacy 1, availability unknown)';
const HEADPHONES = (availability: string) =>
  `analog-output-headphones: Headphones (type: Headphones, priority: 9900, availability group: Legacy 2, ${availability})`;

const info = (sink: string) =>
  `Server String: /run/user/1000/pulse/native\nServer Name: PulseAudio (on PipeWire 1.2.7)\nDefault Sink: ${sink}\nDefault Source: ${sink}.monitor\n`;

describe('defaultSinkName', () => {
  it.each([
    { case: 'pactl info', text: info(ANALOG), name: ANALOG },
    {
      case: 'no default sink line (no sound server answered)',
      text: 'Server Name: x\n',
      name: undefined,
    },
  ])('$case', ({ text, name }) => {
    expect(defaultSinkName(text)).toBe(name);
  });
});

describe('readSinks', () => {
  it('reads each sink’s name, active port and ports, not its properties', () => {
    const list = [
      sinkBlock(0, ANALOG, 'analog-output-speaker', [SPEAKER, HEADPHONES('not available')]),
      sinkBlock(3, 'bluez_output.00_11_22_33_44_55.1', 'headphone-output', [
        'headphone-output: Headphone (type: Headphones, priority: 0, available)',
      ]),
    ].join('\n');
    expect(readSinks(list)).toEqual([
      {
        name: ANALOG,
        activePort: 'analog-output-speaker',
        ports: [
          { name: 'analog-output-speaker', type: 'Speaker', availability: 'availability unknown' },
          { name: 'analog-output-headphones', type: 'Headphones', availability: 'not available' },
        ],
      },
      {
        name: 'bluez_output.00_11_22_33_44_55.1',
        activePort: 'headphone-output',
        ports: [{ name: 'headphone-output', type: 'Headphones', availability: 'available' }],
      },
    ]);
  });

  it('reads a port name with a space (ALSA UCM) and a line without type (older pactl)', () => {
    const list = sinkBlock(
      1,
      'alsa_output.platform-sound.HiFi__hw_sofhdadsp__sink',
      '[Out] Headphones',
      [
        '[Out] Speaker: Speaker (priority: 100, not available)',
        '[Out] Headphones: Headphones (priority: 200, available)',
      ],
    );
    expect(readSinks(list)[0]).toEqual({
      name: 'alsa_output.platform-sound.HiFi__hw_sofhdadsp__sink',
      activePort: '[Out] Headphones',
      ports: [
        { name: '[Out] Speaker', availability: 'not available' },
        { name: '[Out] Headphones', availability: 'available' },
      ],
    });
  });

  it('reads a sink with no ports (a virtual sink) as having none', () => {
    const list = 'Sink #9\n\tName: null-sink\n\tDescription: Dummy Output\n\tFormats:\n\t\tpcm\n';
    expect(readSinks(list)).toEqual([{ name: 'null-sink', ports: [] }]);
  });
});

describe('isHeadphonePort', () => {
  it.each([
    { port: { name: 'analog-output-headphones', type: 'Headphones' }, is: true },
    { port: { name: 'headset-output', type: 'Headset' }, is: true },
    { port: { name: 'analog-output-speaker', type: 'Speaker' }, is: false },
    { port: { name: 'analog-output-lineout', type: 'Line' }, is: false },
    // The type decides where pactl prints one, whatever the name says.
    { port: { name: 'analog-output-headphones', type: 'Speaker' }, is: false },
    { port: { name: 'analog-output-headphones' }, is: true },
    { port: { name: 'analog-output-headphones-2' }, is: true },
    { port: { name: '[Out] Headphones' }, is: true },
    { port: { name: 'headphone-output' }, is: true },
    { port: { name: 'headset-output' }, is: true },
    { port: { name: 'hdmi-output-0' }, is: false },
    { port: { name: '[Out] Speaker' }, is: false },
  ])('$port.name ($port.type): $is', ({ port, is }) => {
    expect(isHeadphonePort(port)).toBe(is);
  });
});

describe('headphonesActive', () => {
  it.each([
    {
      case: 'speakers active, headphones unplugged',
      active: 'analog-output-speaker',
      ports: [SPEAKER, HEADPHONES('not available')],
      is: false,
    },
    {
      case: 'headphones active and plugged in',
      active: 'analog-output-headphones',
      ports: [SPEAKER, HEADPHONES('available')],
      is: true,
    },
    {
      case: 'headphones active, availability unknown (no jack detection)',
      active: 'analog-output-headphones',
      ports: [SPEAKER, HEADPHONES('availability unknown')],
      is: true,
    },
    {
      case: 'headphones active but marked unplugged (chosen by hand)',
      active: 'analog-output-headphones',
      ports: [SPEAKER, HEADPHONES('not available')],
      is: false,
    },
    {
      case: 'an active port not listed under Ports, read by its name',
      active: 'analog-output-headphones',
      ports: [SPEAKER],
      is: true,
    },
  ])('$case: $is', ({ active, ports, is }) => {
    expect(headphonesActive(info(ANALOG), sinkBlock(0, ANALOG, active, ports))).toBe(is);
  });

  it('looks at the default sink only', () => {
    const list = [
      sinkBlock(0, ANALOG, 'analog-output-speaker', [SPEAKER, HEADPHONES('not available')]),
      sinkBlock(1, 'usb-headset', 'analog-output-headphones', [HEADPHONES('available')]),
    ].join('\n');
    expect(headphonesActive(info(ANALOG), list)).toBe(false);
    expect(headphonesActive(info('usb-headset'), list)).toBe(true);
  });

  it.each([
    { case: 'no default sink', text: 'Server Name: x\n' },
    { case: 'a default sink not in the list', text: info('gone') },
  ])('cannot tell with $case: undefined', ({ text }) => {
    const list = sinkBlock(0, ANALOG, 'analog-output-speaker', [SPEAKER]);
    expect(headphonesActive(text, list)).toBeUndefined();
  });

  it('a sink with no active port plays into no headphones', () => {
    const list = 'Sink #9\n\tName: null-sink\n\tFormats:\n\t\tpcm\n';
    expect(headphonesActive(info('null-sink'), list)).toBe(false);
  });
});
