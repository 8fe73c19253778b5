import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { type IdentityProvider, regionIdentityProviders } from '@account-centre/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showErrorToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { useBuildContext } from '../../../lib/build-context';
import { identitiesOptions, useIdentities } from '../api/get-identities';
import { finishAccountClose } from '../close-account';
import { type FlowResult, useOAuthProviders } from '../../../lib/oauth';
import { useIdentityFlow } from '../use-identity-flow';
import { identityLabelKey, oauthErrors, showFlowError, showIdentityToast } from './identity-texts';
import { IdentityPopupBlockedModal } from './IdentityPopupBlockedModal';

/**
 * One button per linked provider of this build that can prove the owner (an OIDC provider: the
 * server verifies its ID token). The provider's sign-in runs in a popup (or the system browser
 * in a client's host); once the server has closed the account, finishAccountClose takes over.
 */
export function CloseByIdentityOptions({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const build = useBuildContext();
  const queryClient = useQueryClient();
  const providers = useOAuthProviders();
  const closable = regionIdentityProviders[build.region].filter((provider) =>
    providers.data?.some((configured) => configured.provider === provider && configured.can_close),
  );
  const identities = useIdentities(user.user_id, closable.length > 0);
  const offered = closable.filter((provider) => identities.data?.some((identity) => identity.provider === provider));
  const [blocked, setBlocked] = useState<IdentityProvider | null>(null);

  /**
   * Back from the system browser: if the account was closed there, its sessions are gone and
   * the identity list answers 401; otherwise the list is simply fresh again.
   */
  const checkClosed = async () => {
    try {
      await queryClient.fetchQuery({ ...identitiesOptions(user.user_id), staleTime: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) finishAccountClose();
    }
  };

  const onResult = (provider: IdentityProvider, result: FlowResult) => {
    switch (result.kind) {
      case 'done':
        if (result.message.status === 'success') finishAccountClose();
        else showFlowError(result.message, 'close');
        return;
      case 'external':
        showIdentityToast('accountIdentity:toast.continueInBrowser', 'info');
        return;
      case 'blocked':
        setBlocked(provider);
        return;
      case 'closed':
        // The user closed the window before finishing: nothing happened, the dialog stays.
        return;
    }
  };
  const flow = useIdentityFlow(user.user_id, 'close', {
    onResult,
    onError: (_provider, error) => showErrorToast(error, oauthErrors),
    onReturn: () => void checkClosed(),
  });
  const confirmWith = (provider: IdentityProvider) => {
    setBlocked(null);
    void flow.start(provider);
  };

  if (offered.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('accountIdentity:close.or')} labelPosition="center" />
      <Text size="sm" c="dimmed">
        {t('accountIdentity:close.hint')}
      </Text>
      <Group gap="xs">
        {offered.map((provider) => (
          <Button
            key={provider}
            variant="light"
            color="red"
            loading={flow.running === provider}
            disabled={flow.running !== null && flow.running !== provider}
            onClick={() => confirmWith(provider)}
          >
            {t(identityLabelKey[provider])}
          </Button>
        ))}
      </Group>
      {flow.running && (
        <Text size="sm" role="status">
          {t('accountIdentity:close.waiting')}
        </Text>
      )}
      {blocked && <IdentityPopupBlockedModal onRetry={() => confirmWith(blocked)} onClose={() => setBlocked(null)} />}
    </Stack>
  );
}
