import type { ConsoleProblem } from '../../../src-common/ipc/contract';
import { t } from '../../i18n/i18n.svelte';
import { sizeText } from '../documents/sizes';

/** One sentence for staff about a console call that produced no value. */
export function problemText(problem: ConsoleProblem): string {
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
      return t('console.problem.too-large', { limit: sizeText(problem.limitBytes) });
    case 'unavailable':
      return t('console.problem.unavailable', { reason: problem.reason });
    case 'queued-offline':
      return t('console.problem.queued-offline', { item: problem.item });
    default:
      return t(`console.problem.${problem.kind}`);
  }
}
