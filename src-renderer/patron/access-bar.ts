import type { AccessStation } from '../../src-common/ipc/access';
import { helpKeysShown } from '../access/key-names';
import type { Translate } from '../i18n/message-key';

/**
 * The attract screen's line on starting audio mode without sight, true to the station: the
 * headphones only where plugging them in starts it, and where the Help key is (the number pad's,
 * a keyboard's F1, or "the Help key" its maker labelled).
 */
export function audioHint(station: AccessStation, t: Translate): string {
  const keys = helpKeysShown(station.keys, t);
  return t(station.audioOnHeadphones ? 'access.bar.hintHeadphones' : 'access.bar.hintKey', {
    keys,
  });
}
