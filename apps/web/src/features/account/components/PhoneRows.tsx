import { Text } from '@mantine/core';
import { maskPhone } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../app/user/current-user';
import { ContactActions } from './ContactActions';
import { NotSet, SecurityRow } from './SecurityRow';

/** The phone used to sign in, and the second phone kept for identity checks only (domestic). */
export function PhoneRows({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
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
        action={<ContactActions user={user} kind="mobile" />}
      />
      {user.second_mobile && (
        <SecurityRow
          label={t('account:security.secondMobile')}
          hint={t('account:security.secondMobileHint')}
          value={<Text size="sm">{maskPhone(user.second_mobile)}</Text>}
        />
      )}
    </>
  );
}
