import { isVersionAtLeast } from '@account-centre/contract';
import { productOf } from '../../../lib/build-context';
import type { BuildContext } from '../../../lib/build-context';

/** Spec 01 §2: the mind-map client can be signed out from the account screen from this version. */
export const MIND_MAP_SIGN_OUT_VERSION = '12.2.15';

export type ActionsBuild = Pick<
  BuildContext,
  'region' | 'platform' | 'tend' | 'from' | 'hostMode' | 'banhref' | 'clientVersion'
>;

/** Which of the links under the security items a build shows. */
export interface AccountActionsShown {
  mergeAccounts: boolean;
  closeAccount: boolean;
  signOut: boolean;
}

/**
 * The desktop client's sign-out link (spec 01 §2 "Desktop-client mode shows a logout link"):
 * - the mind-map client (`from=mindmaster`) handles the `signOut` message from version 12.2.15
 *   on (dotted comparison, spec 01 §5); a client that does not say its version gets no link;
 * - the diagram client (`from=maxPC`) only when it declares the `signOut` capability;
 * - any other desktop client: the spec names no condition, so the link shows.
 */
export function showsDesktopSignOut(build: ActionsBuild, hostCanSignOut: boolean): boolean {
  if (build.hostMode !== 'desktop') return false;
  switch (build.from?.toLowerCase()) {
    case 'mindmaster':
      return build.clientVersion !== null && isVersionAtLeast(build.clientVersion, MIND_MAP_SIGN_OUT_VERSION);
    case 'maxpc':
      return hostCanSignOut;
    default:
      return true;
  }
}

/**
 * Spec 01 §2 "Account screen":
 * - domestic: merge accounts and close the account; the merge page is on the company site, so
 *   the build that may not link out (`banhref=1`) does not offer it;
 * - overseas: closing only in the Mac store build opened from the mind-map client
 *   (`platform=mas` with `from=mindmaster` or `tend=mindmaster`: the build's product, as the
 *   shell's menu reads it);
 * - the desktop sign-out link per showsDesktopSignOut.
 */
export function accountActionsShown(build: ActionsBuild, hostCanSignOut: boolean): AccountActionsShown {
  const domestic = build.region === 'domestic';
  return {
    mergeAccounts: domestic && !build.banhref,
    closeAccount: domestic || (build.platform === 'mas' && productOf(build) === 'mindmaster'),
    signOut: showsDesktopSignOut(build, hostCanSignOut),
  };
}
