import type { IpcError } from '../../../src-common/ipc/contract';
import { t } from '../../i18n/i18n.svelte';

/** What came of a staff action, for the line under its button. */
export interface Feedback {
  tone: 'done' | 'error';
  text: string;
  detail?: string;
}

/** A call that produced no value: the kind says which, for whoever reads the screen to staff. */
export function callFailed(error: IpcError): Feedback {
  return { tone: 'error', text: t('offline.callFailed', { kind: error.kind }) };
}

export const done = (text: string, detail?: string): Feedback => ({
  tone: 'done',
  text,
  ...(detail ? { detail } : {}),
});

export const failed = (text: string): Feedback => ({ tone: 'error', text });
