import type { AccountUserInfo, AccountView } from '../../../../src-common/ipc/console/diagnostics';
import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type { Branch, UserInfo } from '../../../library/records';
import { branchNamed } from '../../branch-name';
import { answered, failed, problemOf } from '../answer';
import type { ConsoleContext } from '../deps';

/** What get user info said about the signed-in staff user, named by concept; names only beyond. */
function userInfoView(info: UserInfo, branches: readonly Branch[]): AccountUserInfo {
  const { user, account } = info;
  const branchName = user.branchId ? branchNamed(branches, user.branchId) : undefined;
  return {
    user: {
      ...(user.id ? { id: user.id } : {}),
      ...(user.userName ? { userName: user.userName } : {}),
      ...(user.name ? { name: user.name } : {}),
      ...(user.email ? { email: user.email } : {}),
      ...(user.branchId ? { branchId: user.branchId } : {}),
      ...(branchName ? { branchName } : {}),
      otherFields: Object.keys(user.extra).sort(),
    },
    ...(account
      ? {
          account: {
            ...(account.id ? { id: account.id } : {}),
            ...(account.name ? { name: account.name } : {}),
            ...(account.plan ? { plan: account.plan } : {}),
          },
        }
      : {}),
  };
}

/**
 * The sign-in screen: the OAuth client, the token state (times and facts only) and, while signed
 * in, who the service says is signed in (a fresh get user info, as the CLI's `whoami`).
 */
export async function accountView(context: ConsoleContext): Promise<ConsoleAnswer<AccountView>> {
  const status = context.auth.status();
  const tokens = context.auth.tokenSummary?.();
  const base: AccountView = {
    client: {
      kind: status.clientKind,
      ...(context.service.clientId ? { id: context.service.clientId } : {}),
    },
    authUrl: context.service.authUrl,
    ...(tokens ? { tokens } : {}),
  };
  if (status.state !== 'signed-in') return answered(base);
  // The branch by name, from the branch list; without the list, by its id alone.
  const [info, branches] = await Promise.all([
    context.auth.client.getUserInfo(),
    context.auth.client.listBranches(),
  ]);
  return answered({
    ...base,
    userInfo: info.ok
      ? answered(userInfoView(info.value, branches.ok ? branches.value : []))
      : failed(problemOf(info.error)),
    // A refresh made for this call moved the times on.
    ...(context.auth.tokenSummary?.() ? { tokens: context.auth.tokenSummary?.() } : {}),
  });
}
