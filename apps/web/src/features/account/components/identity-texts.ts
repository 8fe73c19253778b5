import { AccountMsg, type IdentityProvider, OAuthMsg } from '@account-centre/contract';
import { type ToastKind, showToast } from '../../../components/toast';
import { i18n, loadNamespace } from '../../../lib/i18n';
import type texts from '../../../locales/en/accountIdentity.json';
import type { IdentityFlowPurpose } from '../api/identity';

/**
 * Each provider's name as a sign-in method ("WeChat account"), in account.json: the rows show
 * it on first paint, and the dialogs name the provider by it, so every language writes each
 * brand once, its own way.
 */
export const identityLabelKey = {
  weixin: 'account:security.wechat',
  qq: 'account:security.qq',
  weibo: 'account:security.weibo',
  google: 'account:security.google',
  facebook: 'account:security.facebook',
} as const satisfies Record<IdentityProvider, string>;

type IdentityToastKey = `accountIdentity:toast.${keyof (typeof texts)['toast']}`;

/**
 * A toast of the accountIdentity namespace. The rows that raise some of them are on first
 * paint while the namespace is not: it is loaded first (at once when already there).
 */
export function showIdentityToast(key: IdentityToastKey, kind: ToastKind): void {
  void loadNamespace('accountIdentity').then(() => showToast(i18n.t(key), kind));
}

/**
 * The text of a failed flow, by the `msg` the callback page posted (docs/decisions/008): each
 * cause the user can act on has its own words; anything else is the purpose's generic failure.
 */
export function flowErrorKey(msg: string, purpose: IdentityFlowPurpose): IdentityToastKey {
  switch (msg) {
    case OAuthMsg.identityInUse:
      return 'accountIdentity:toast.identityInUse' as const;
    case AccountMsg.alreadyBound:
      return 'accountIdentity:toast.alreadyBound' as const;
    case OAuthMsg.cancelled:
      return 'accountIdentity:toast.cancelled' as const;
    case OAuthMsg.providerRejected:
      return 'accountIdentity:toast.providerRejected' as const;
    case OAuthMsg.invalidState:
      return 'accountIdentity:toast.invalidState' as const;
    // Closing: the provider signed in someone else than the identity bound here.
    case AccountMsg.notBound:
      return 'accountIdentity:toast.notBound' as const;
    default:
      return purpose === 'bind'
        ? ('accountIdentity:toast.linkFail' as const)
        : ('accountIdentity:toast.closeFail' as const);
  }
}
