import type { ScannerPlace } from '../../src-common/ipc/contract';
import type { MessageKey } from '../i18n/message-key';

/**
 * The welcome screen's line on where to hold the card, shown and said: where the station's
 * scanner is when its settings name a place (`kiosk.scannerPlace`), else how to hold the card.
 */
export function scannerHintKey(place: Exclude<ScannerPlace, 'unstated'> | undefined): MessageKey {
  return place ? `attract.scannerAt.${place}` : 'attract.hint';
}
