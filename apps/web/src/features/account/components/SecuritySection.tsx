import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { maskEmail, maskPhone } from '@account-centre/contract';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../app/user/current-user';
import { useBuildContext } from '../../../lib/build-context';
import type { ContactKind } from './ContactModal';
import { canUnbind } from '../profile-rules';
import { showToast } from '../../../components/toast';

// Modals load on first use: the account screen is the app's first route (docs/bundle-budget.md).
const PasswordModal = lazy(() => import('./PasswordModal').then((module) => ({ default: module.PasswordModal })));
const ContactModal = lazy(() => import('./ContactModal').then((module) => ({ default: module.ContactModal })));
const UnbindModal = lazy(() => import('./UnbindModal').then((module) => ({ default: module.UnbindModal })));

function Row({ label, value, hint, action }: { label: string; value: ReactNode; hint?: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py="xs" role="listitem" aria-label={label}>
      <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
        <Text fw={500}>{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      <Group gap="sm" wrap="nowrap">
        {value}
        {action}
      </Group>
    </Group>
  );
}

const NotSet = ({ children }: { children: string }) => (
  <Text c="dimmed" size="sm">
    {children}
  </Text>
);

/**
 * Sign-in and security items (spec 01 §2): domestic shows password, phone, e-mail, WeChat
 * (not in the banhref build) and a second phone; overseas e-mail and password. Phone and
 * e-mail are masked as the contract rules say.
 */
export function SecuritySection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const build = useBuildContext();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState<ContactKind | null>(null);
  const domestic = build.region === 'domestic';

  const [unbindOpen, setUnbindOpen] = useState<ContactKind | null>(null);

  const startUnbind = (kind: ContactKind) => {
    if (canUnbind(user, domestic)) setUnbindOpen(kind);
    else showToast(t('account:toast.onlyBind'), 'warning');
  };

  // Overseas an e-mail is only bound when there is none; domestic it can also be replaced or unbound.
  const contactAction = (kind: ContactKind, bound: boolean) =>
    bound && !domestic ? undefined : (
      <>
        <Button size="xs" variant="light" onClick={() => setContactOpen(kind)}>
          {bound ? t('account:contact.replace') : t('account:contact.bind')}
        </Button>
        {bound && (
          <Button size="xs" variant="subtle" color="red" onClick={() => startUnbind(kind)}>
            {t('account:contact.unbind')}
          </Button>
        )}
      </>
    );

  const email = (
    <Row
      label={t('account:security.email')}
      value={
        user.email ? <Text size="sm">{maskEmail(user.email)}</Text> : <NotSet>{t('account:security.unbound')}</NotSet>
      }
      action={contactAction('email', Boolean(user.email))}
    />
  );
  const password = (
    <Row
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
            <Row
              label={t('account:security.phone')}
              value={
                user.mobile ? (
                  <Text size="sm">{maskPhone(user.mobile)}</Text>
                ) : (
                  <NotSet>{t('account:security.unbound')}</NotSet>
                )
              }
              action={contactAction('mobile', Boolean(user.mobile))}
            />
            {user.second_mobile && (
              <Row
                label={t('account:security.secondMobile')}
                hint={t('account:security.secondMobileHint')}
                value={<Text size="sm">{maskPhone(user.second_mobile)}</Text>}
              />
            )}
            {email}
            {!build.banhref && (
              <Row
                label={t('account:security.wechat')}
                value={
                  <Badge variant="light" color={user.weixin ? 'green' : 'gray'}>
                    {user.weixin ? t('account:security.bound') : t('account:security.unbound')}
                  </Badge>
                }
              />
            )}
          </>
        ) : (
          <>
            {email}
            {password}
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {passwordOpen && <PasswordModal user={user} onClose={() => setPasswordOpen(false)} />}
        {unbindOpen && <UnbindModal user={user} kind={unbindOpen} onClose={() => setUnbindOpen(null)} />}
        {contactOpen && <ContactModal user={user} kind={contactOpen} onClose={() => setContactOpen(null)} />}
      </Suspense>
    </Paper>
  );
}
