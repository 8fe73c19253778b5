import { type FailureAnswer, type IdentityProvider, OAuthErrors } from '@account-centre/contract';
import { errorText } from '../../../lib/api';
import { type ToastKind, showToast } from '../../../components/toast';
import { i18n, loadNamespace } from '../../../lib/i18n';
import type texts from '../../../locales/en/accountIdentity.json';
import type { IdentityFlowPurpose } from '../api/start-identity-flow';

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

/** How the identity flows read a failure: third-party sign-in's own causes first (errorText). */
export const oauthErrors = { domains: [OAuthErrors] };

/**
 * The toast of a failed flow, from the msg the callback page posted (docs/decisions/008): each
 * cause the user can act on has its own words; a failure with none is the purpose's failure.
 */
export function showFlowError(result: FailureAnswer, purpose: IdentityFlowPurpose): void {
  const fallback = purpose === 'bind' ? 'accountIdentity:toast.linkFail' : 'accountIdentity:toast.closeFail';
  void loadNamespace('accountIdentity').then(() =>
    showToast(errorText(i18n.t, result, { ...oauthErrors, fallback }), 'error'),
  );
}
