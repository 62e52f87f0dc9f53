import { describe, expect, it } from 'vitest';
import { portFlags, portInUse, portInUseMessage, resolvePorts } from '../../../src-main/host/ports';

const DEFAULTS = { web: 7300, base: 7301, auth: 7302, blob: 7303 };

describe('the kiosk’s ports', () => {
  it('are 7300-7303 unless a flag or a variable moves one; the flag wins', () => {
    expect(resolvePorts({}, {})).toEqual({ ok: true, value: DEFAULTS });
    expect(
      resolvePorts({ base: '7411' }, { KIOSK_BASE_PORT: '7311', KIOSK_BLOB_PORT: '0' }),
    ).toEqual({ ok: true, value: { ...DEFAULTS, base: 7411, blob: 0 } });
  });

  it('refuse a value that is not a port, naming the flag and the variable', () => {
    expect(resolvePorts({}, { KIOSK_AUTH_PORT: '73o2' })).toEqual({
      ok: false,
      error:
        'Invalid setting auth port (from --auth-port or KIOSK_AUTH_PORT): 73o2 is not a port number (0 to 65535; 0 picks a free one).',
    });
    expect(resolvePorts({ web: '70000' }, {})).toEqual({
      ok: false,
      error:
        'Invalid setting port (from --port or KIOSK_WEB_PORT): 70000 is not a port number (0 to 65535; 0 picks a free one).',
    });
  });

  // npm-start-ports.test.ts starts the real kiosk once per port, by the flag or by the variable
  // in turn; that each port's flag and each port's variable move that port alone is proven here.
  it.each([
    ['web', '--port', 'KIOSK_WEB_PORT'],
    ['base', '--base-port', 'KIOSK_BASE_PORT'],
    ['auth', '--auth-port', 'KIOSK_AUTH_PORT'],
    ['blob', '--blob-port', 'KIOSK_BLOB_PORT'],
  ] as const)('move %s alone, by %s or by %s', (name, flag, variable) => {
    const moved = { ok: true, value: { ...DEFAULTS, [name]: 7420 } };
    expect(resolvePorts(portFlags(['--demo', flag, '7420']), {})).toEqual(moved);
    expect(resolvePorts(portFlags(['--demo']), { [variable]: '7420' })).toEqual(moved);
  });

  it('are read from a command line full of other arguments (Electron’s)', () => {
    expect(portFlags(['/opt/kiosk', '.', '--demo', '--blob-port', '7413', '--no-sandbox'])).toEqual(
      { web: undefined, base: undefined, auth: undefined, blob: '7413' },
    );
  });

  it('recognise a listen that failed on a taken port, and nothing else', () => {
    const taken = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 7302 });
    expect(portInUse(taken)).toBe(7302);
    expect(portInUse(Object.assign(new Error('denied'), { code: 'EACCES', port: 80 }))).toBe(
      undefined,
    );
    expect(portInUse('EADDRINUSE')).toBe(undefined);
  });

  it('name a taken port that is none of theirs without a setting to move it', () => {
    expect(portInUseMessage(9999, DEFAULTS)).toBe(
      'Library Kiosk cannot start: port 9999 on 127.0.0.1 is already in use. Is the kiosk already running (another `npm start`)? Stop it. Every port and its setting: docs/configuration.md, "Ports".',
    );
  });
});
