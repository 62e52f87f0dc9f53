import { describe, expect, it } from 'vitest';
import { keyDecision, navigationAllowed } from '../../../src-main/host/lockdown';
import type { KeyInput } from '../../../src-main/host/lockdown';

const key = (value: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({
  type: 'keyDown',
  key: value,
  control: false,
  alt: false,
  shift: false,
  meta: false,
  ...modifiers,
});

describe('key chords', () => {
  it.each([
    ['Ctrl+W (close)', key('w', { control: true })],
    ['Ctrl+Q (quit)', key('q', { control: true })],
    ['Ctrl+R (reload)', key('r', { control: true })],
    ['Ctrl+Shift+R (hard reload)', key('R', { control: true, shift: true })],
    ['Ctrl+Shift+I (DevTools)', key('I', { control: true, shift: true })],
    ['Ctrl+Shift+C (inspect)', key('C', { control: true, shift: true })],
    ['Ctrl+U (view source)', key('u', { control: true })],
    ['Ctrl+P (print dialog)', key('p', { control: true })],
    ['Ctrl+N (new window)', key('n', { control: true })],
    ['Ctrl+plus (zoom)', key('+', { control: true })],
    ['F5 (reload)', key('F5')],
    ['F11 (full screen)', key('F11')],
    ['F12 (DevTools)', key('F12')],
    ['Alt alone (menu)', key('Alt', { alt: true })],
    ['Alt+Left (back)', key('ArrowLeft', { alt: true })],
    ['Alt+F4 (close)', key('F4', { alt: true })],
    ['the Super key', key('Meta', { meta: true })],
    ['Super+D', key('d', { meta: true })],
    ['the browser Back key', key('BrowserBack')],
    ['the browser Refresh key', key('BrowserRefresh')],
  ])('denies %s', (_, input) => {
    expect(keyDecision(input)).toBe('deny');
  });

  it.each([
    ['a digit of a scan', key('3')],
    ['a letter', key('a')],
    ['a capital letter', key('A', { shift: true })],
    ['Enter (a scanner suffix)', key('Enter')],
    ['Tab (a scanner suffix)', key('Tab')],
    ['Backspace', key('Backspace')],
    ['Escape', key('Escape')],
    ['an arrow key', key('ArrowDown')],
    ['the staff chord Ctrl+Alt+S', key('s', { control: true, alt: true })],
    [
      'Ctrl and Alt pressed on the way to the staff chord',
      key('Alt', { control: true, alt: true }),
    ],
    ['Ctrl+V in a text field', key('v', { control: true })],
    ['Ctrl+A in a text field', key('a', { control: true })],
    ['@ typed with AltGr (Ctrl+Alt)', key('@', { control: true, alt: true })],
  ])('allows %s', (_, input) => {
    expect(keyDecision(input)).toBe('allow');
  });
});

describe('navigation and redirects', () => {
  const policy = { appOrigin: 'app://kiosk', authOrigins: ['https://auth.library.example'] };

  it('keeps the kiosk window on the app origin', () => {
    expect(navigationAllowed('app://kiosk/index.html', { kioskSession: true }, policy)).toBe(true);
    expect(
      navigationAllowed('https://auth.library.example/login', { kioskSession: true }, policy),
    ).toBe(false);
  });

  it('lets the sign-in window reach the authorization server only', () => {
    const signIn = { kioskSession: false };
    expect(
      navigationAllowed('https://auth.library.example/connect/authorize', signIn, policy),
    ).toBe(true);
    expect(navigationAllowed('https://evil.example/phish', signIn, policy)).toBe(false);
  });

  it('compares whole origins, not prefixes', () => {
    const signIn = { kioskSession: false };
    expect(navigationAllowed('https://auth.library.example.evil.com/', signIn, policy)).toBe(false);
    expect(navigationAllowed('http://auth.library.example/', signIn, policy)).toBe(false);
    expect(navigationAllowed('https://auth.library.example:8443/', signIn, policy)).toBe(false);
  });

  it('refuses what is not a URL, and file or data URLs', () => {
    const signIn = { kioskSession: false };
    expect(navigationAllowed('not a url', signIn, policy)).toBe(false);
    expect(navigationAllowed('file:///etc/passwd', signIn, policy)).toBe(false);
    expect(navigationAllowed('data:text/html,hi', signIn, policy)).toBe(false);
  });
});
