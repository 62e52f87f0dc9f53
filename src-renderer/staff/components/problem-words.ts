import type { CallProblem, Problem, ProblemKind } from '../../../src-common/ipc/contract';
import type { Translate } from '../../i18n/message-key';

/** Which kinds are the call's own (the page, the bridge, the choke point): every kind is listed. */
const CALL_KINDS: Record<ProblemKind, boolean> = {
  'forbidden-sender': true,
  'unknown-channel': true,
  'invalid-payload': true,
  'handler-failed': true,
  disconnected: true,
  'not-allowed': true,
  refused: false,
  'auth-required': false,
  unreachable: false,
  timeout: false,
  'malformed-response': false,
  cancelled: false,
  redirected: false,
  'mismatched-answer': false,
  'too-large': false,
  invalid: false,
  unavailable: false,
  'queued-offline': false,
};

/** A problem of the call itself, not of what the core did with it (the service's answer, ...). */
export function isCallProblem(problem: Problem): problem is CallProblem {
  return CALL_KINDS[problem.kind];
}

/**
 * One sentence for staff about a call that produced no value: every staff screen's words for the
 * one problem type (a screen may say some kinds in its own words first, as the member screens do).
 * `size` puts a byte count in words in the screen's language.
 */
export function problemWords(
  problem: Problem,
  t: Translate,
  size: (bytes: number) => string,
): string {
  switch (problem.kind) {
    case 'refused':
      return problem.message
        ? t('console.problem.refusedSaid', { status: problem.status, message: problem.message })
        : t('console.problem.refused', { status: problem.status });
    case 'unreachable':
      return t('console.problem.unreachable', { cause: problem.cause });
    case 'timeout':
      return t('console.problem.timeout', { seconds: Math.round(problem.timeoutMs / 1000) });
    case 'malformed-response':
      return t('console.problem.malformed-response', { issue: problem.issue });
    case 'redirected':
      return t('console.problem.redirected', { target: problem.target, status: problem.status });
    case 'mismatched-answer':
      return problem.field === 'itemBarcode'
        ? t('console.problem.mismatched-item')
        : t('console.problem.mismatched-card');
    case 'too-large':
      return t('console.problem.too-large', { limit: size(problem.limitBytes) });
    case 'unavailable':
      return t('console.problem.unavailable', { reason: problem.reason });
    case 'queued-offline':
      return t('console.problem.queued-offline', { item: problem.item });
    // The call itself went wrong: the kiosk's own fault or the page's, never the service's.
    case 'forbidden-sender':
    case 'unknown-channel':
    case 'invalid-payload':
    case 'handler-failed':
      return t('console.problem.callFailed', { kind: problem.kind });
    case 'not-allowed':
      return t(`console.problem.notAllowed.${problem.gate}`);
    case 'disconnected':
    case 'auth-required':
    case 'cancelled':
    case 'invalid':
      return t(`console.problem.${problem.kind}`);
  }
}
