/**
 * Reading PulseAudio's (or PipeWire's pipewire-pulse) own words, as `LC_ALL=C pactl info` and
 * `pactl list sinks` print them, for one question: does the default output play into headphones?
 */

/** One output port of a sink, as its line under `Ports:` describes it. */
export interface SinkPort {
  name: string;
  /** `type: Headphones` (pactl 16 and later); absent from older lines. */
  type?: string;
  /** `available`, `not available` or `availability unknown`; absent from older lines. */
  availability?: string;
}

export interface Sink {
  name: string;
  activePort?: string;
  ports: SinkPort[];
}

/** `Default Sink: <name>` of `pactl info`. */
export function defaultSinkName(info: string): string | undefined {
  return /^Default Sink: (.+?)\s*$/m.exec(info)?.[1];
}

const PORT_LINE = /^\t\t([^\s:][^:]*): .*?(\(([^()]*)\))?\s*$/;

function readPort(line: string): SinkPort | undefined {
  const match = PORT_LINE.exec(line);
  if (!match?.[1]) return undefined;
  const details = (match[3] ?? '').split(',').map((part) => part.trim());
  const type = details.find((part) => part.startsWith('type: '))?.slice('type: '.length);
  const availability = details.find((part) =>
    /^(not available|available|availability unknown)$/.test(part),
  );
  return {
    name: match[1],
    ...(type ? { type } : {}),
    ...(availability ? { availability } : {}),
  };
}

/** Every sink of `pactl list sinks`: its name, active port and ports. */
export function readSinks(list: string): Sink[] {
  return list
    .split(/^Sink #\d+\s*$/m)
    .slice(1)
    .map((block) => {
      const lines = block.split('\n');
      const name = /^\tName: (.+?)\s*$/m.exec(block)?.[1] ?? '';
      const activePort = /^\tActive Port: (.+?)\s*$/m.exec(block)?.[1];
      const start = lines.findIndex((line) => /^\tPorts:\s*$/.test(line));
      const ports: SinkPort[] = [];
      for (const line of start < 0 ? [] : lines.slice(start + 1)) {
        if (!line.startsWith('\t\t')) break;
        const port = readPort(line);
        if (port) ports.push(port);
      }
      return { name, ...(activePort ? { activePort } : {}), ports };
    });
}

/**
 * A headphone port by its type or, where pactl prints no type, by its name: ALSA's
 * `analog-output-headphones`, UCM's `[Out] Headphones`, Bluetooth's `headphone-output` and
 * `headset-output`. A headset's microphone side (`headset-input`) is no output and never listed.
 */
export function isHeadphonePort(port: SinkPort): boolean {
  if (port.type) return /^(headphones|headset)$/i.test(port.type);
  return /head(phone|set)/i.test(port.name);
}

/**
 * True when the default sink's active port is a headphone port that is not marked unplugged;
 * undefined when the default sink is not among the sinks (pactl said too little to tell).
 */
export function headphonesActive(info: string, list: string): boolean | undefined {
  const name = defaultSinkName(info);
  const sink = readSinks(list).find((candidate) => candidate.name === name);
  if (!name || !sink) return undefined;
  const active =
    sink.ports.find((port) => port.name === sink.activePort) ??
    (sink.activePort ? { name: sink.activePort } : undefined);
  return !!active && isHeadphonePort(active) && active.availability !== 'not available';
}
