import type { UserInfo } from '../../../app/user/current-user';

/** Links under the security items: merge accounts, close the account, desktop sign-out. */
export function AccountActions(_props: { user: UserInfo }) {
  return null;
}
