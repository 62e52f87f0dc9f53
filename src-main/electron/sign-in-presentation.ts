/**
 * Which sign-in presentation the Electron kiosk can really use, as a pure rule (tested without
 * Electron). The system browser needs the redirect scheme registered with the system, so that the
 * browser hands `org.example.librarykiosk:/oauth/callback?...` back to this app:
 *
 * - deb: the package's desktop file lists the scheme (electron-builder's `mimeTypes`), and
 *   `setAsDefaultProtocolClient` makes it the user's default handler (xdg-settings);
 * - Windows (NSIS): the installer and `setAsDefaultProtocolClient` write the registry;
 * - macOS: Info.plist (electron-builder's `protocols`);
 * - AppImage: nothing installs a desktop file, and the executable runs from a mount that goes
 *   away when it quits (electron-builder#4035): only after the user integrates it (for example
 *   with AppImageLauncher). The kiosk does not guess: it uses the auth window.
 *
 * Where the scheme cannot be registered, the auth window (which catches the redirect itself and
 * needs no scheme) is used instead, and the reason is logged.
 */
export type SignInPresentationSetting = 'system-browser' | 'auth-window';

export interface PresentationDecision {
  presentation: SignInPresentationSetting;
  /** Why the configured system browser is not used; absent when the setting is honoured. */
  fallbackReason?: string;
}

export interface PresentationFacts {
  configured: SignInPresentationSetting;
  /** `process.env.APPIMAGE`: the AppImage runtime sets it to the image's path. */
  appImage?: string | undefined;
  /** Registers the redirect scheme with the system; called only when the browser would need it. */
  registerScheme(): boolean;
}

export function decideSignInPresentation(facts: PresentationFacts): PresentationDecision {
  if (facts.configured === 'auth-window') return { presentation: 'auth-window' };
  if (facts.appImage) {
    return {
      presentation: 'auth-window',
      fallbackReason:
        'running as an AppImage, which registers no handler for the redirect scheme; install the deb package for system-browser sign-in',
    };
  }
  if (!facts.registerScheme()) {
    return {
      presentation: 'auth-window',
      fallbackReason: 'the system did not register this app for the redirect scheme',
    };
  }
  return { presentation: 'system-browser' };
}
