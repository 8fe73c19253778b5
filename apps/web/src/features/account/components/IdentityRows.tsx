import { Badge, Button } from '@mantine/core';
import { type IdentityProvider, regionIdentityProviders, OAuthErrors, isFailure } from '@account-centre/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobileUserAgent } from '../../../lib/layout/use-layout';
import { type UserInfo, currentUserQueryKey } from '../../../lib/user/current-user';
import { showErrorToast, showToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { getLaunchParams, useBuildContext } from '../../../lib/build-context';
import { lazyWithTexts } from '../../../lib/i18n';
import { identitiesOptions, useIdentities } from '../api/get-identities';
import { type FlowResult, useOAuthProviders } from '../../../lib/oauth';
import { canUnbind, signInMethods } from '../profile-rules';
import { useIdentityFlow } from '../use-identity-flow';
import { identityLabelKey, oauthErrors, showFlowError, showIdentityToast } from './identity-texts';
import { NotSet, SecurityRow } from './SecurityRow';

// Dialogs load on first use with their texts: the account screen is the app's first route.
const UnlinkIdentityModal = lazyWithTexts(
  () => import('./UnlinkIdentityModal').then((module) => module.UnlinkIdentityModal),
  'accountIdentity',
);
const IdentityPopupBlockedModal = lazyWithTexts(
  () => import('./IdentityPopupBlockedModal').then((module) => module.IdentityPopupBlockedModal),
  'accountIdentity',
);

/** `openWXBind=1` starts WeChat binding once per page load, not on every visit of the screen. */
let wechatLaunchHandled = false;

/** True the first time only: the launch parameter is acted on once. */
function claimWechatLaunch(): boolean {
  if (wechatLaunchHandled) return false;
  wechatLaunchHandled = true;
  return true;
}

/** For tests that load the screen more than once. */
export function resetIdentityLaunchForTests() {
  wechatLaunchHandled = false;
}

/**
 * Third-party sign-in methods (spec 01 §2, §5): WeChat, QQ and Weibo in the domestic build,
 * Google and Facebook overseas, each only when the server has it configured, none with
 * banhref. A row says linked or not, and links (a popup, or the system browser in a client's
 * host) or unlinks (only while another sign-in method remains, after a confirmation).
 */
export function IdentityRows({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const build = useBuildContext();
  const queryClient = useQueryClient();
  const providers = useOAuthProviders();
  const offered = build.banhref
    ? []
    : regionIdentityProviders[build.region].filter((provider) =>
        providers.data?.some((configured) => configured.provider === provider),
      );
  const identities = useIdentities(user.user_id, offered.length > 0);
  const bound = identities.data?.map((identity) => identity.provider) ?? [];
  const [unlinking, setUnlinking] = useState<IdentityProvider | null>(null);
  const [blocked, setBlocked] = useState<IdentityProvider | null>(null);

  /** The outcome lives on the server: fetch the identities and the user info (its flags) again. */
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: identitiesOptions(user.user_id).queryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey(user.user_id) });
  };

  const onResult = (provider: IdentityProvider, result: FlowResult) => {
    switch (result.kind) {
      case 'done':
        refresh();
        if (result.message.status === 'success') showIdentityToast('accountIdentity:toast.linked', 'success');
        else showFlowError(result.message, 'bind');
        return;
      case 'closed':
        refresh();
        return;
      case 'external':
        showIdentityToast('accountIdentity:toast.continueInBrowser', 'info');
        return;
      case 'blocked':
        setBlocked(provider);
    }
  };
  const flow = useIdentityFlow(user.user_id, 'bind', {
    onResult,
    onError: (_provider, error) => {
      if (isFailure(error, OAuthErrors.bindFromPc)) showToast(errorText(t, error, oauthErrors), 'warning');
      else showErrorToast(error, oauthErrors);
    },
    onReturn: refresh,
  });

  /** Spec 01 §5: binding must happen on a computer; a phone or tablet is told so before any call. */
  const link = (provider: IdentityProvider) => {
    if (isMobileUserAgent()) {
      showToast(t('account:toast.bindFromPC'), 'warning');
      return;
    }
    void flow.start(provider);
  };

  const unlink = (provider: IdentityProvider) => {
    if (canUnbind(signInMethods(user, bound), build.region === 'domestic')) setUnlinking(provider);
    else showToast(t('account:toast.onlyBind'), 'warning');
  };

  // openWXBind=1 (spec 01 §2): start WeChat binding on arrival, once, where it is offered and
  // not bound yet. Without a click the browser may block the popup: the blocked dialog's button
  // is then the click. An effect event: it reads this render's state, and runs only when
  // WeChat's row becomes known.
  const wechatKnown = offered.includes('weixin') && identities.isSuccess;
  const launchWechatBind = useEffectEvent(() => {
    if (!getLaunchParams().openWxBind || build.region !== 'domestic' || build.banhref) return;
    if (claimWechatLaunch() && !bound.includes('weixin')) link('weixin');
  });
  useEffect(() => {
    if (wechatKnown) launchWechatBind();
  }, [wechatKnown]);

  if (offered.length === 0 || !identities.data) return null;
  return (
    <>
      {offered.map((provider) => {
        const isBound = bound.includes(provider);
        return (
          <SecurityRow
            key={provider}
            label={t(identityLabelKey[provider])}
            value={
              isBound ? (
                <Badge variant="light" color="green">
                  {t('account:security.bound')}
                </Badge>
              ) : (
                <NotSet>{t('account:security.unbound')}</NotSet>
              )
            }
            action={
              isBound ? (
                <Button size="xs" variant="subtle" color="red" onClick={() => unlink(provider)}>
                  {t('account:contact.unbind')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  loading={flow.running === provider}
                  disabled={flow.running !== null && flow.running !== provider}
                  onClick={() => link(provider)}
                >
                  {t('account:contact.bind')}
                </Button>
              )
            }
          />
        );
      })}
      <Suspense fallback={null}>
        {unlinking && <UnlinkIdentityModal user={user} provider={unlinking} onClose={() => setUnlinking(null)} />}
        {blocked && <IdentityPopupBlockedModal onRetry={() => link(blocked)} onClose={() => setBlocked(null)} />}
      </Suspense>
    </>
  );
}
