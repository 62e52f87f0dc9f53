import type { RestLibraryClient } from '../library-client/client';
import type { Branch } from '../library/records';
import type { Logger } from '../../src-shared/log/logger';

/** The branch a list names by its id (or its code, which some services use as the id). */
export function branchNamed(branches: readonly Branch[], id: string): string | undefined {
  const wanted = id.trim();
  const branch =
    branches.find((candidate) => candidate.id === wanted) ??
    branches.find((candidate) => candidate.code === wanted);
  return branch?.name?.trim() || undefined;
}

export interface BranchNameOptions {
  /** `kiosk.branchName`: the operator's own words win, and nothing is asked of the service. */
  configured: string;
  /** `kiosk.branchId`; absent, the branch of the staff member who signed the kiosk in. */
  branchId?: string | undefined;
  client: Pick<RestLibraryClient, 'listBranches' | 'getUserInfo'>;
  signedIn(): boolean;
  onSignInChange(listener: () => void): () => void;
  log: Logger;
}

export interface BranchName {
  /** The kiosk's branch as patrons and staff read it; empty while it is not known. */
  name(): string;
  onChange(listener: () => void): () => void;
  /** Reads the name from the service again (after a sign-in, when the service is back). */
  refresh(): Promise<void>;
  dispose(): void;
}

/**
 * The kiosk's branch by name, from the service's branch list (List branches): the branch set in
 * `kiosk.branchId`, else the signed-in staff member's (Get user info). Read at the start and at
 * each sign-in, and whenever asked again; a read that fails keeps the last name (or none) and is
 * logged.
 */
export function createBranchName(options: BranchNameOptions): BranchName {
  const listeners = new Set<() => void>();
  let resolved = '';
  let reading: Promise<void> | undefined;

  const branchIdNow = async (): Promise<string | undefined> => {
    if (options.branchId) return options.branchId;
    const info = await options.client.getUserInfo();
    if (!info.ok) {
      options.log.warn('the branch of the signed-in staff member could not be read', {
        kind: info.error.kind,
      });
      return undefined;
    }
    return info.value.user.branchId;
  };

  const read = async (): Promise<void> => {
    if (options.configured || !options.signedIn()) return;
    const id = await branchIdNow();
    if (!id) return;
    const branches = await options.client.listBranches();
    if (!branches.ok) {
      options.log.warn('the branch list could not be read', { kind: branches.error.kind });
      return;
    }
    const name = branchNamed(branches.value, id);
    if (!name) {
      options.log.warn('the branch list names no branch with this id', { branchId: id });
      return;
    }
    if (name === resolved) return;
    resolved = name;
    for (const listener of listeners) listener();
  };

  const refresh = (): Promise<void> => {
    // One read at a time: a second ask while one runs shares it.
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  // At a sign-in (not at each token renewal), and now when the kiosk starts signed in.
  let wasSignedIn = options.signedIn();
  const unsubscribe = options.onSignInChange(() => {
    const now = options.signedIn();
    if (now && !wasSignedIn) void refresh();
    wasSignedIn = now;
  });
  if (wasSignedIn) void refresh();

  return {
    name: () => options.configured || resolved,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    dispose: () => {
      unsubscribe();
      listeners.clear();
    },
  };
}
