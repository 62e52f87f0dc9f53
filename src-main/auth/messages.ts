import type { AuthProblemKind } from '../../src-common/ipc/staff-auth';

/**
 * Staff-facing outcomes of sign-in and token upkeep, as stable keys the renderer translates.
 * `text` is the English fallback (CLI, logs); it never contains a token, code or verifier.
 */
export const AUTH_MESSAGES = {
  'auth.state-mismatch':
    'The sign-in answer does not belong to the sign-in started on this kiosk. Start the sign-in again.',
  'auth.access-denied': 'Sign-in was cancelled or access was not allowed.',
  'auth.authorization-error': 'The sign-in service refused the request ({error}).',
  'auth.no-sign-in-in-progress':
    'No sign-in was started on this kiosk. Start the sign-in from the staff screen.',
  'auth.sign-in-expired': 'The sign-in took too long. Start the sign-in again.',
  'auth.code-rejected':
    'The sign-in could not be completed: the one-time code was already used or has expired. Start the sign-in again.',
  'auth.client-rejected':
    "The sign-in service does not accept this kiosk's client ID ({clientId}). Check the service settings.",
  'auth.unreachable': 'The sign-in service cannot be reached. Check the network and try again.',
  'auth.unexpected-response': 'The sign-in service gave an answer the kiosk cannot use.',
  'auth.id-token-invalid':
    "The sign-in service's identity token failed the kiosk's check of its {claim} claim. Check the service settings (auth URL, client ID) and this computer's clock.",
  'auth.session-expired': 'The staff session has ended. A staff member needs to sign in again.',
  'auth.refresh-refused':
    'The staff sign-in is no longer valid. A staff member needs to sign in again.',
  'auth.vault-corrupt':
    'The saved sign-in could not be read and was set aside. Please sign in again.',
  'auth.vault-key-unavailable':
    "The saved sign-in is kept, but the computer's keyring did not open it at this start. Restart the kiosk once the keyring is unlocked, or sign in again.",
  'auth.service-changed':
    'The library service address, sign-in server or client changed in the settings, so the saved sign-in was removed. A staff member needs to sign in again.',
  'auth.vault-not-persistent':
    'Signed in, but the sign-in cannot be saved securely on this computer; it ends when the kiosk closes.',
} as const satisfies Record<AuthProblemKind, string>;

export interface AuthProblem {
  kind: AuthProblemKind;
  params?: Record<string, string>;
}

export function authProblem(kind: AuthProblemKind, params?: Record<string, string>): AuthProblem {
  return params ? { kind, params } : { kind };
}

export function authMessageText(problem: AuthProblem): string {
  return AUTH_MESSAGES[problem.kind].replace(
    /\{(\w+)\}/g,
    (_, name: string) => problem.params?.[name] ?? '',
  );
}
