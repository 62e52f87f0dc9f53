import type { SecurityChange } from '../../../src-common/ipc/console/security-change';

/** The same change, value for value (the core compares them so too: security-changes.ts). */
export function sameChange(a: SecurityChange, b: SecurityChange): boolean {
  return a.kind === b.kind && a.field === b.field && a.from === b.from && a.to === b.to;
}

/** The ticked changes the core still asks for (a change it no longer asks for is dropped). */
export function stillAsked(
  ticked: readonly SecurityChange[],
  asked: readonly SecurityChange[],
): SecurityChange[] {
  return ticked.filter((change) => asked.some((other) => sameChange(change, other)));
}
