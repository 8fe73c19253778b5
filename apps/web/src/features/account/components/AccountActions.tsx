import { Anchor, Group, Text } from '@mantine/core';
import { logoutRoute } from '@account-centre/contract';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { apiCall } from '../../../lib/api';
import { useBuildContext } from '../../../lib/build-context';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { host } from '../../../lib/host-bridge';
import { hostSupports } from '../../../lib/host-bridge/host-bridge';
import { lazyWithTexts } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session';
import { accountActionsShown } from './AccountActions.rules';

// The dialog and its texts load on first use: few visitors of the account screen close it.
// Closing by a third-party sign-in is an option inside it, loaded with it.
const CloseByIdentity = lazy(() => import('./CloseByIdentity').then((module) => ({ default: module.CloseByIdentity })));
const CloseAccountModal = lazyWithTexts(
  () => import('./CloseAccountModal').then((module) => module.CloseAccountModal),
  'accountClose',
);

/**
 * The company-site addresses live in the header's links config, whose chunk a desktop client
 * does not load at boot (docs/bundle-budget.md): the merge link waits for it rather than add
 * it to the first route. In a browser the header has already loaded it.
 */
const MergeAccountsLink = lazy(() =>
  import('../../../lib/site-links').then(({ mergeAccountsPage }) => ({
    default: function MergeAccountsLink() {
      const { t } = useTranslation();
      return (
        <Anchor href={mergeAccountsPage()} target="_blank" rel="noopener noreferrer" size="sm">
          {t('account:actions.mergeAccounts')}
        </Anchor>
      );
    },
  })),
);

/**
 * Signing out inside a desktop client: the session ends on the server, this page forgets it,
 * and the client is told to sign out (it owns the sign-in there). A failed logout call still
 * signs out: the user asked to leave, and the server's session expires on its own.
 */
async function signOutOfClient() {
  try {
    await apiCall(logoutRoute);
  } catch {
    // See above.
  }
  clearSession();
  host.signOut();
}

/** Links under the security items: merge accounts, close the account, desktop sign-out. */
export function AccountActions({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const shown = accountActionsShown(useBuildContext(), hostSupports('signOut'));
  const [closing, setClosing] = useState(false);
  const [signingOut, runSignOut] = useSingleFlight();
  if (!shown.mergeAccounts && !shown.closeAccount && !shown.signOut) return null;

  return (
    <Group component="section" aria-label={t('account:actions.label')} gap="xl" px="md" wrap="wrap">
      {shown.mergeAccounts && (
        // The same words hold the link's place while its address loads, so nothing moves.
        <Suspense
          fallback={
            <Text span size="sm" c="dimmed">
              {t('account:actions.mergeAccounts')}
            </Text>
          }
        >
          <MergeAccountsLink />
        </Suspense>
      )}
      {shown.closeAccount && (
        <Anchor component="button" type="button" size="sm" c="red" onClick={() => setClosing(true)}>
          {t('account:actions.closeAccount')}
        </Anchor>
      )}
      {shown.signOut && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          aria-busy={signingOut}
          onClick={() => void runSignOut(signOutOfClient)}
        >
          {t('account:actions.signOut')}
        </Anchor>
      )}
      <Suspense fallback={null}>
        {closing && (
          <CloseAccountModal user={user} onClose={() => setClosing(false)} extra={<CloseByIdentity user={user} />} />
        )}
      </Suspense>
    </Group>
  );
}
