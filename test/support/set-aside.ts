import { readdirSync } from 'node:fs';

/** A set-aside name: `<name>.corrupt-` then the UTC time without colons, and a counter on a clash. */
export const SET_ASIDE = /\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z(-\d+)?$/;

/** The files `name` was set aside as in `folder` (none when the folder is missing). */
export function setAsideIn(folder: string, name: string): string[] {
  try {
    return readdirSync(folder).filter((entry) => entry.startsWith(`${name}.corrupt-`));
  } catch {
    return [];
  }
}
