import type { Translate } from '../../i18n/message-key';

/** The OAuth scopes the kiosk asks for, each with plain words in the console catalog. */
export const NAMED_SCOPES = ['serviceApi', 'offline_access', 'email', 'profile', 'openid'] as const;
type NamedScope = (typeof NAMED_SCOPES)[number];

/** A granted scope as staff read it: plain words, and the scope's own name as a hint. */
export interface ScopeWords {
  text: string;
  /** The technical term; absent when the text is already the scope itself. */
  term?: string;
}

function isNamed(scope: string): scope is NamedScope {
  return (NAMED_SCOPES as readonly string[]).includes(scope);
}

/** One scope in words; a scope the kiosk has no words for shows as itself. */
export function scopeWords(scope: string, t: Translate): ScopeWords {
  return isNamed(scope)
    ? { text: t(`diagnostics.account.scope.${scope}`), term: scope }
    : { text: scope };
}

/** The granted scopes in words, the ones the kiosk knows first in its order, then the others. */
export function scopesInWords(scopes: readonly string[], t: Translate): ScopeWords[] {
  const known = NAMED_SCOPES.filter((scope) => scopes.includes(scope));
  const others = scopes.filter((scope) => !isNamed(scope));
  return [...known, ...others].map((scope) => scopeWords(scope, t));
}
