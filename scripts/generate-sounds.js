// Writes the kiosk's feedback sounds (success, warning, error) as short mono WAV files into
// resources/sounds/, which scripts/build.js copies to dist/renderer/sounds/ for both hosts.
// Generated here, so the project ships no third-party audio.
// Run with `node scripts/generate-sounds.js`; the output is deterministic and committed.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SAMPLE_RATE = 22_050;
const OUT_DIR = path.resolve('resources/sounds');

/**
 * Each sound is a few notes: [frequency Hz, duration s, waveform]. Success rises (two bright
 * notes), warning repeats one middle note, error falls low and buzzes, so they differ in pitch,
 * direction and timbre and stay distinguishable for people who cannot tell pitches apart.
 */
const SOUNDS = {
  success: [
    [880, 0.09, 'sine'],
    [1318.5, 0.16, 'sine'],
  ],
  warning: [
    [660, 0.12, 'triangle'],
    [0, 0.06, 'sine'],
    [660, 0.12, 'triangle'],
  ],
  error: [
    [311, 0.16, 'square'],
    [233, 0.28, 'square'],
  ],
};

const WAVES = {
  sine: (phase) => Math.sin(2 * Math.PI * phase),
  triangle: (phase) => 1 - 4 * Math.abs((phase % 1) - 0.5),
  // A softened square (few harmonics) buzzes without the harshness of a true square wave.
  square: (phase) => (Math.sin(2 * Math.PI * phase) + Math.sin(6 * Math.PI * phase) / 3) * 0.8,
};

function render(notes) {
  const samples = [];
  for (const [frequency, seconds, wave] of notes) {
    const count = Math.round(seconds * SAMPLE_RATE);
    // 8 ms fades at both ends avoid the click of a tone starting or stopping mid-wave.
    const fade = Math.round(0.008 * SAMPLE_RATE);
    for (let i = 0; i < count; i += 1) {
      const envelope = Math.min(1, i / fade, (count - i) / fade);
      const value = frequency === 0 ? 0 : WAVES[wave]((frequency * i) / SAMPLE_RATE);
      samples.push(value * envelope * 0.6);
    }
  }
  return samples;
}

/** A 16-bit PCM mono RIFF/WAVE file. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((value, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32_767), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

await mkdir(OUT_DIR, { recursive: true });
for (const [name, notes] of Object.entries(SOUNDS)) {
  const file = path.join(OUT_DIR, `${name}.wav`);
  await writeFile(file, wav(render(notes)));
  process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
}
