import type {
  Language,
  PatronMessage,
  Routing,
  TransactionLine,
} from '../../src-common/ipc/contract';
import type { Translate } from '../i18n/message-key';
import { queuedDueDate, queuedKey, returnParts } from '../lib/line-outcome';
import { checkOutWords, dateWords, returnPartWords } from '../lib/line-words';
import { messageWords, type MessageContext } from '../lib/messages';
import { routingWords } from '../lib/routing-words';

/**
 * The words audio mode says about one thing on a screen, from the screens' own catalog ids and
 * word functions, so that what is heard and what is shown cannot drift apart.
 */

/**
 * A line as a sentence: a closing stop where the screen's words have none ("Welcome", a title),
 * so that the voice pauses between lines as a reader's eye does between rows.
 */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…:;]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A message as MessageText shows it: the kiosk's words, then the service's own under a heading. */
export function messageSpeech(
  message: PatronMessage,
  t: Translate,
  context: MessageContext = {},
): string {
  const words = messageWords(message, context);
  const own = sentence(t(words.key, words.params));
  return words.serviceText
    ? `${own} ${t('message.serviceHeading')} ${sentence(words.serviceText)}`
    : own;
}

/** A line's title, or "Item ending 0050" as the screen says it: never the whole barcode. */
export function labelSpeech(
  line: Pick<TransactionLine, 'label' | 'labelIs'>,
  t: Translate,
): string {
  return line.labelIs === 'title' ? line.label : t('line.itemEnding', { digits: line.label });
}

/** The library system's own words, verbatim, under the plain label the screen gives them. */
export function systemWordsSpeech(words: readonly string[], t: Translate): string {
  return `${t('sip2.systemSays')} ${sentence(words.join(' '))}`;
}

/**
 * A session line with its outcome, as SessionLine shows it: the title, then the due date, the
 * renewal, the return's parts (late, the missed date, the fine), or why it was refused, or that
 * it was recorded offline; then where a returned item goes and the library system's words. A
 * line still being checked says nothing yet: its outcome is said when it comes.
 */
export function lineSpeech(
  line: TransactionLine,
  mode: 'check-out' | 'check-in',
  language: Language,
  t: Translate,
  currency?: string,
): string[] {
  if (line.status === 'pending') return [];
  // Scanned again after its return: that is the news; its outcome was said the first time.
  if (line.again) return [sentence(labelSpeech(line, t)), sentence(t('line.again'))];
  return [
    sentence(labelSpeech(line, t)),
    ...outcomeSpeech(line, mode, language, t, currency),
    ...(line.routing ? [routingSpeech(line.routing, t)] : []),
    ...(line.systemWords?.length ? [systemWordsSpeech(line.systemWords, t)] : []),
  ];
}

/** Where a returned item goes next, as the screen asks the patron. */
function routingSpeech(routing: Routing, t: Translate): string {
  const asked = routingWords(routing);
  return sentence(t(asked.key, asked.params));
}

function outcomeSpeech(
  line: TransactionLine,
  mode: 'check-out' | 'check-in',
  language: Language,
  t: Translate,
  currency?: string,
): string[] {
  switch (line.status) {
    case 'refused':
      return [
        line.message
          ? `${t('line.refused')}: ${messageSpeech(line.message, t)}`
          : sentence(t('line.refused')),
      ];
    case 'queued': {
      const due = queuedDueDate(line);
      const outcome =
        mode === 'check-in'
          ? [t('line.returned'), t('line.fineLater')]
          : [due ? t('line.due', { date: dateWords(due, language, t) }) : t('line.dueToConfirm')];
      return [...outcome, t(queuedKey(line))].map(sentence);
    }
    case 'done':
      if (mode === 'check-in')
        return returnParts(line).map((part) =>
          sentence(returnPartWords(part, language, t, line.currency ?? currency)),
        );
      return [
        sentence(checkOutWords(line, language, t)),
        ...(line.renewed && !line.renewal ? [sentence(t('line.renewed'))] : []),
      ];
    default:
      return [];
  }
}
