import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/user/current-user';
import { LoadFailed } from '../../components/LoadFailed';
import { ScreenLayout } from '../../components/ScreenLayout';
import { errorText } from '../../lib/api';
import { AccountActions } from './components/AccountActions';
import { ExchangeCodeLauncher } from './components/ExchangeCodeLauncher';
import { ProfileSection } from './components/ProfileSection';
import { SecuritySection } from './components/SecuritySection';
import { Loading } from '../../components/Loading';

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
        <LoadFailed message={errorText(t, user.error)} onRetry={() => void user.refetch()} />
      ) : user.isLoading ? (
        <Loading size="md" />
      ) : null}
    </ScreenLayout>
  );
}
