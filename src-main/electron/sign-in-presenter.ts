import { shell } from 'electron';
import type { BrowserWindow } from 'electron';
import type { StaffAuth } from '../auth/staff-auth';
import type { SignInPresentation } from '../core/kiosk-core';
import { createLogger } from '../../src-shared/log/logger';
import { openSignInView } from './sign-in-view';
import type { SignInPresentationSetting } from './sign-in-presentation';

const log = createLogger('electron:sign-in');

export interface SignInPresenterOptions {
  presentation: SignInPresentationSetting;
  redirectUri: string;
  /** The kiosk window, which shows the sign-in page below its sign-in bar. */
  window: BrowserWindow;
  /** Origins the sign-in page may navigate to (the navigation guard reads this set). */
  authOrigins: Set<string>;
  /** Staff touched or typed in the sign-in page. */
  onStaffInput?: () => void;
}

export interface SignInPresenter {
  present(auth: StaffAuth): Promise<SignInPresentation>;
  /** Staff's Cancel (or staff mode closing): the sign-in page closes, the sign-in is dropped. */
  cancel(auth: StaffAuth): void;
}

/**
 * The system browser (RFC 8252's advice) where the redirect scheme is registered, otherwise the
 * sign-in view inside the kiosk window (sign-in-view.ts). The kiosk page's Cancel ends the attempt
 * and closes the view, so the staff screen leaves "signing in" at once; a newer sign-in replaces
 * the older view without cancelling itself.
 */
export function signInPresenter(options: SignInPresenterOptions): SignInPresenter {
  let current: AbortController | undefined;
  return {
    async present(auth) {
      const { authorizationUrl } = await auth.beginSignIn();
      options.authOrigins.add(new URL(authorizationUrl).origin);
      if (options.presentation === 'system-browser') {
        try {
          await shell.openExternal(authorizationUrl); // eng-disable OPEN_EXTERNAL_JS_CHECK: only the authorization URL of the configured https (or loopback) service, built by the core
        } catch (error) {
          auth.cancelSignIn();
          throw error;
        }
        return { presentation: 'shown' };
      }
      current?.abort();
      const attempt = new AbortController();
      current = attempt;
      openSignInView({
        authorizationUrl,
        redirectUri: options.redirectUri,
        host: options.window,
        signal: attempt.signal,
        ...(options.onStaffInput ? { onInput: options.onStaffInput } : {}),
      })
        .then(async (url) => {
          if (url) {
            const result = await auth.handleRedirect(url);
            if (!result.ok) log.warn('sign-in refused', { kind: result.error.kind });
          } else if (!attempt.signal.aborted) {
            log.info('sign-in page lost: sign-in cancelled');
            auth.cancelSignIn();
          }
        })
        .catch((error: unknown) => log.error('sign-in failed', { error }))
        .finally(() => {
          if (current === attempt) current = undefined;
        });
      return { presentation: 'shown' };
    },
    cancel(auth) {
      if (current) log.info('sign-in cancelled by staff: the sign-in page is closed');
      current?.abort();
      current = undefined;
      auth.cancelSignIn();
    },
  };
}
