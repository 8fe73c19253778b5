import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { maskEmail } from '@account-centre/contract';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { useBuildContext } from '../../../lib/build-context';
import { ContactActions } from './ContactActions';
import { IdentityRows } from './IdentityRows';
import { PhoneRows } from './PhoneRows';
import { NotSet, SecurityRow } from './SecurityRow';

// Modals load on first use: the account screen is the app's first route (docs/bundle-budget.md).
const PasswordModal = lazy(() => import('./PasswordModal').then((module) => ({ default: module.PasswordModal })));

/**
 * Sign-in and security items (spec 01 §2): domestic shows password, phone (and a second phone),
 * e-mail and the third-party methods; overseas e-mail and password. Phone and e-mail are masked
 * as the contract rules say.
 */
export function SecuritySection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const domestic = useBuildContext().region === 'domestic';
  const [passwordOpen, setPasswordOpen] = useState(false);

  const email = (
    <SecurityRow
      label={t('account:security.email')}
      value={
        user.email ? <Text size="sm">{maskEmail(user.email)}</Text> : <NotSet>{t('account:security.unbound')}</NotSet>
      }
      action={<ContactActions user={user} kind="email" />}
    />
  );
  const password = (
    <SecurityRow
      label={t('account:security.password')}
      value={
        user.hasPwd ? (
          <Text size="sm">{t('account:security.passwordSet')}</Text>
        ) : (
          <NotSet>{t('account:security.passwordNotSet')}</NotSet>
        )
      }
      action={
        <Button size="xs" variant="light" onClick={() => setPasswordOpen(true)}>
          {user.hasPwd ? t('account:security.changePassword') : t('account:security.setPassword')}
        </Button>
      }
    />
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('account:security.title')}
      </Title>
      <Stack gap={0} role="list">
        {domestic ? (
          <>
            {password}
            <PhoneRows user={user} />
            {email}
            <IdentityRows user={user} />
          </>
        ) : (
          <>
            {email}
            {password}
            <IdentityRows user={user} />
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {passwordOpen && <PasswordModal user={user} onClose={() => setPasswordOpen(false)} />}
      </Suspense>
    </Paper>
  );
}
