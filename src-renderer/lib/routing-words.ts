import type { Routing } from '../../src-common/ipc/contract';
import type { Words } from './messages';

/**
 * Where a returned item goes next, as the patron is asked to help: a named trolley when the
 * library system gives one, else to staff, saying why where it can. Never who it is held for.
 * A file of its own, so only the after-start chunk that shows it (SystemNotes) carries it.
 */
export function routingWords(routing: Routing): Words {
  const { alert, sortBin, destination } = routing;
  if (sortBin) return { key: 'sip2.routing.sortBin', params: { bin: sortBin } };
  if (alert === 'hold') return { key: 'sip2.routing.hold' };
  if (alert === 'other') return { key: 'sip2.routing.other' };
  return destination
    ? { key: 'sip2.routing.transitTo', params: { destination } }
    : { key: 'sip2.routing.transit' };
}
