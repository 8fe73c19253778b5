import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/user/current-user';
import { ScreenLayout } from '../../components/ScreenLayout';
import { errorMessage } from '../../lib/i18n';
import { AccountActions } from './components/AccountActions';
import { ExchangeCodeLauncher } from './components/ExchangeCodeLauncher';
import { ProfileSection } from './components/ProfileSection';
import { SecuritySection } from './components/SecuritySection';

/** /account (spec 01 §2 "Account screen"): profile, then sign-in and security items. */
export function AccountScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <ScreenLayout title={t('shell:screens.account')}>
      {user.data ? (
        <Stack gap="lg" maw={880}>
          <ProfileSection user={user.data} />
          <SecuritySection user={user.data} />
          <AccountActions user={user.data} />
          <ExchangeCodeLauncher />
        </Stack>
      ) : user.isError ? (
        <Alert color="red">
          <Stack gap="xs" align="flex-start">
            {errorMessage(user.error)}
            <Button size="xs" variant="light" onClick={() => void user.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : user.isLoading ? (
        <Loader aria-label={t('common:status.loading')} />
      ) : null}
    </ScreenLayout>
  );
}
