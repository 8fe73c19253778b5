import { Button, Text } from '@mantine/core';
import { maskPhone } from '@account-centre/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobileUserAgent } from '../../../lib/layout/use-layout';
import type { UserInfo } from '../../../lib/user/current-user';
import { lazyWithTexts } from '../../../lib/i18n';
import { ContactActions } from './ContactActions';
import type { SecondMobileMode } from './SecondMobileModal';
import { NotSet, SecurityRow } from './SecurityRow';

// The dialogs and their texts (accountPhone) load on first use: the account screen is the
// app's first route (docs/bundle-budget.md).
const PhoneQrModal = lazyWithTexts(
  () => import('./PhoneQrModal').then((module) => module.PhoneQrModal),
  'accountPhone',
);
const SecondMobileModal = lazyWithTexts(
  () => import('./SecondMobileModal').then((module) => module.SecondMobileModal),
  'accountPhone',
);

/**
 * The phone used to sign in and the second phone kept for identity checks only (domestic;
 * spec 01 §2). Without a phone, a computer also offers to link one by scanning a QR code with
 * the phone itself; a phone's own browser just links it.
 */
export function PhoneRows({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'qr' | SecondMobileMode | null>(null);
  const close = () => setOpen(null);
  const offerQr = !user.mobile && !isMobileUserAgent();

  return (
    <>
      <SecurityRow
        label={t('account:security.phone')}
        value={
          user.mobile ? (
            <Text size="sm">{maskPhone(user.mobile)}</Text>
          ) : (
            <NotSet>{t('account:security.unbound')}</NotSet>
          )
        }
        action={
          <>
            <ContactActions user={user} kind="mobile" />
            {offerQr && (
              <Button size="xs" variant="light" onClick={() => setOpen('qr')}>
                {t('account:security.scanToLink')}
              </Button>
            )}
          </>
        }
      />
      <SecurityRow
        label={t('account:security.secondMobile')}
        hint={t('account:security.secondMobileHint')}
        value={
          user.second_mobile ? (
            <Text size="sm">{maskPhone(user.second_mobile)}</Text>
          ) : (
            <NotSet>{t('account:security.unbound')}</NotSet>
          )
        }
        action={
          user.second_mobile ? (
            <Button size="xs" variant="subtle" color="red" onClick={() => setOpen('unbind')}>
              {t('account:contact.unbind')}
            </Button>
          ) : (
            <Button size="xs" variant="light" onClick={() => setOpen('bind')}>
              {t('account:security.addSecondMobile')}
            </Button>
          )
        }
      />
      <Suspense fallback={null}>
        {open === 'qr' && <PhoneQrModal user={user} onClose={close} />}
        {(open === 'bind' || open === 'unbind') && <SecondMobileModal user={user} mode={open} onClose={close} />}
      </Suspense>
    </>
  );
}
