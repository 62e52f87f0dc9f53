import { afterEach, describe, expect, it } from 'vitest';
import type { KioskState } from '../../../src-common/ipc/contract';
import { startTestWebKiosk, type TestWebKiosk } from '../../support/web-kiosk';

/**
 * The web host writes a turn's frames once the turn has run (ipc-socket.ts's outbox): each page
 * gets the state once, as it is then, and a call's answer after the state its call made (issue
 * 37 item 16: the frames no longer go out before the check-out request has started).
 */
describe("the web host's state frames", () => {
  let kiosk: TestWebKiosk | undefined;
  afterEach(async () => {
    await kiosk?.stop();
    kiosk = undefined;
  });

  it('sends two changes made in one turn as one state, the newest', async () => {
    kiosk = await startTestWebKiosk();
    const ipc = kiosk.ipc!;
    await ipc.until((state) => state.language === 'en');
    const seen: KioskState[] = [];
    ipc.onState((state) => seen.push(state));
    const { handlers } = kiosk.web.kiosk.core;
    await Promise.all([
      handlers['station.kiosk.setLanguage']({ language: 'es' }),
      handlers['station.kiosk.setTheme']({ theme: 'high-contrast' }),
    ]);
    await ipc.until((state) => state.theme === 'high-contrast');
    expect(seen.map(({ language, theme }) => `${language} ${theme}`)).toEqual(['es high-contrast']);
  });

  it('answers a call after the state it made: the page has the change when the answer comes', async () => {
    kiosk = await startTestWebKiosk();
    const ipc = kiosk.ipc!;
    let latest: KioskState | undefined;
    ipc.onState((state) => (latest = state));
    await ipc.until((state) => state.language === 'en');
    const answer = await ipc.invoke('station.kiosk.setLanguage', { language: 'es' });
    expect(answer).toEqual({ ok: true, value: undefined });
    expect(latest?.language).toBe('es');
  });
});
