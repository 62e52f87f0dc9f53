import { describe, expect, it, vi } from 'vitest';
import { decideSignInPresentation } from '../../../src-main/electron/sign-in-presentation';

describe('which sign-in presentation the Electron kiosk uses', () => {
  it('uses the auth window when configured, without touching the system', () => {
    const registerScheme = vi.fn(() => true);
    expect(decideSignInPresentation({ configured: 'auth-window', registerScheme })).toEqual({
      presentation: 'auth-window',
    });
    expect(registerScheme).not.toHaveBeenCalled();
  });

  it('uses the system browser when the scheme is registered', () => {
    const registerScheme = vi.fn(() => true);
    expect(decideSignInPresentation({ configured: 'system-browser', registerScheme })).toEqual({
      presentation: 'system-browser',
    });
    expect(registerScheme).toHaveBeenCalledTimes(1);
  });

  it('falls back to the auth window in an AppImage, without registering, and says why', () => {
    const registerScheme = vi.fn(() => true);
    const decision = decideSignInPresentation({
      configured: 'system-browser',
      appImage: '/home/kiosk/Library-Kiosk.AppImage',
      registerScheme,
    });
    expect(decision.presentation).toBe('auth-window');
    expect(decision.fallbackReason).toMatch(/AppImage/);
    expect(registerScheme).not.toHaveBeenCalled();
  });

  it('falls back to the auth window when the system refuses the scheme, and says why', () => {
    const decision = decideSignInPresentation({
      configured: 'system-browser',
      appImage: '',
      registerScheme: () => false,
    });
    expect(decision.presentation).toBe('auth-window');
    expect(decision.fallbackReason).toMatch(/did not register/);
  });
});
