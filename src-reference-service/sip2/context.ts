import { parseSipDate } from '../../src-shared/sip2/date';
import type { Catalog } from '../domain/catalog';
import type { Circulation } from '../domain/circulation';
import type { Members } from '../domain/members';
import type { Sip2Dialect } from './dialects';
import type { ItemFactsOf } from './items';
import type { Pins } from './pins';
import type { ItemRouting } from './routing';

/** What every handler reads: the same domain objects as the REST API, and the listener's facts. */
export interface Sip2Services {
  members: Members;
  circulation: Circulation;
  catalog: Catalog;
  routing: ItemRouting;
  pins: Pins;
  item: ItemFactsOf;
  now: () => Date;
  dialect: Sip2Dialect;
  institutionId: string;
  libraryName: string;
  login: { user: string; password: string };
  /** The branch a self-check is at when its login's location code (CP) names none. */
  defaultBranchId: string;
}

/** One connection's state: logged in or not, and the branch its location code named. */
export interface Sip2Session {
  loggedIn: boolean;
  branchId: string;
  /** The location code the login sent (CP), echoed as the terminal location (AN). */
  locationCode: string | undefined;
}

/**
 * The moment an 18-character date names: UTC ("   Z") as is, a local one ("    ") in this
 * machine's zone, the ACS's own; another zone, or not a date, is undefined.
 */
export function sipMoment(text: string | undefined): Date | undefined {
  const date = text === undefined ? undefined : parseSipDate(text);
  if (!date) return undefined;
  const { year, month, day, hour, minute, second } = date;
  if (date.zone === 'utc') return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (date.zone === 'local') return new Date(year, month - 1, day, hour, minute, second);
  return undefined;
}

export const yesNo = (value: boolean): 'Y' | 'N' => (value ? 'Y' : 'N');

/** A count of a fixed field: four digits. */
export const count4 = (value: number): string => String(Math.min(value, 9999)).padStart(4, '0');
