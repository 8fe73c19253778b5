import { Text } from '@mantine/core';
import { VerificationPurpose, maskPhone } from '@account-centre/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showFailure, showToast } from '../../../components/toast';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { bindSecondMobile } from '../api/bind-second-mobile';
import { unbindSecondMobile } from '../api/unbind-second-mobile';
import { useStoreUser } from '../use-user-cache';
import { CODE_PATTERN, CodeField } from './CodeField';
import { PhoneCodeFields, numberRefusals, phoneErrors, usePhoneCodeForm } from './PhoneCodeFields';
import { FormDialog } from './FormActions';

export type SecondMobileMode = 'bind' | 'unbind';

/**
 * Adds the second phone (a code of purpose 4 to the new number) or removes it (purpose 3 to
 * it): spec 01 §2 "a second mobile … for identity verification only", §7 second-mobile
 * operate 1 and 2. The number never becomes a way to sign in.
 */
export function SecondMobileModal({
  user,
  mode,
  onClose,
}: {
  user: UserInfo;
  mode: SecondMobileMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The primary number cannot be the second one too: refused before any code is sent to it.
  const form = usePhoneCodeForm({ ownNumbers: user.mobile ? [user.mobile] : [] });
  const [unbindCode, setUnbindCode] = useState('');
  const [unbindCodeInvalid, setUnbindCodeInvalid] = useState(false);
  const [saving, run] = useSingleFlight();
  const storeUser = useStoreUser();
  const current = user.second_mobile ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = mode === 'bind' ? form.check() : CODE_PATTERN.test(unbindCode);
    if (mode === 'unbind') setUnbindCodeInvalid(!valid);
    if (!valid) return;
    void run(async () => {
      try {
        storeUser(
          mode === 'bind'
            ? await bindSecondMobile(user.user_id, { mobile: form.number, code: form.code })
            : await unbindSecondMobile(user.user_id, unbindCode),
        );
        showToast(
          t(mode === 'bind' ? 'accountPhone:secondMobile.bound' : 'accountPhone:secondMobile.unbound'),
          'success',
        );
        onClose();
      } catch (error) {
        // A refusal of the number itself is said at the number (the account's records may have
        // changed since the page read them); any other is a toast.
        showFailure(error, mode === 'bind' ? numberRefusals : [], () => form.refuseNumber('own'), phoneErrors);
      }
    });
  };

  return (
    <FormDialog
      title={t(mode === 'bind' ? 'accountPhone:secondMobile.bindTitle' : 'accountPhone:secondMobile.unbindTitle')}
      onClose={onClose}
      onSubmit={submit}
      busy={saving}
      unlink={mode === 'unbind'}
    >
      <Text size="sm" c="dimmed">
        {t('account:security.secondMobileHint')}
      </Text>
      {mode === 'bind' ? (
        <PhoneCodeFields form={form} numberLabel={t('accountPhone:secondMobile.number')} />
      ) : (
        <>
          <Text size="sm">{t('accountPhone:secondMobile.current', { number: maskPhone(current) })}</Text>
          <CodeField
            label={t('accountPhone:secondMobile.code')}
            purpose={VerificationPurpose.oldCheck}
            target={{ kind: 'mobile', address: current }}
            value={unbindCode}
            onChange={setUnbindCode}
            error={unbindCodeInvalid ? t('account:password.codeFormat') : undefined}
          />
        </>
      )}
    </FormDialog>
  );
}
