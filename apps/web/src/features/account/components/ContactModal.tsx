import { TextInput } from '@mantine/core';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MAINLAND_MOBILE_PATTERN,
  VerificationPurpose,
} from '@account-centre/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showErrorToast, showToast } from '../../../components/toast';
import { bindContact } from '../api/bind-contact';
import { replaceContact } from '../api/replace-contact';
import type { CodeTarget } from '../api/send-code';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { useStoreUser } from '../use-user-cache';
import { CODE_PATTERN, CodeField, CurrentAddressCode } from './CodeField';
import { FormDialog } from './FormActions';

export type ContactKind = 'email' | 'mobile';

const patterns: Record<ContactKind, RegExp> = {
  email: new RegExp(EMAIL_PATTERN),
  mobile: new RegExp(MAINLAND_MOBILE_PATTERN),
};

/**
 * Binds an e-mail or phone when none is bound (a code of purpose 4 to the new address), or
 * replaces it (purpose 3 to the old one, purpose 4 to the new one): spec 01 §2 "bind phone",
 * "bind email", "replace email" modals.
 */
export function ContactModal({ user, kind, onClose }: { user: UserInfo; kind: ContactKind; onClose: () => void }) {
  const { t } = useTranslation();
  const current = kind === 'email' ? user.email : user.mobile;
  const [oldCode, setOldCode] = useState('');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Partial<Record<'oldCode' | 'address' | 'code', true>>>({});
  const [saving, run] = useSingleFlight();
  const storeUser = useStoreUser();

  const trimmed = address.trim();
  const valid = trimmed.length <= EMAIL_MAX_LENGTH && patterns[kind].test(trimmed);
  const newTarget: CodeTarget | null = valid ? { kind, address: trimmed } : null;
  const label = kind === 'email' ? t('account:contact.newEmail') : t('account:contact.newPhone');
  const title = current
    ? t(kind === 'email' ? 'account:contact.replaceEmail' : 'account:contact.replacePhone')
    : t(kind === 'email' ? 'account:contact.bindEmail' : 'account:contact.bindPhone');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Every field at once, so one attempt shows all that needs fixing.
    const found = {
      ...(current && !CODE_PATTERN.test(oldCode) ? { oldCode: true as const } : {}),
      ...(!valid ? { address: true as const } : {}),
      ...(!CODE_PATTERN.test(code) ? { code: true as const } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      try {
        const saved = current
          ? await replaceContact(user.user_id, kind, { old_code: oldCode, address: trimmed, code })
          : await bindContact(user.user_id, kind, { address: trimmed, code });
        storeUser(saved);
        showToast(t('account:toast.changeSuccess'), 'success', 1500);
        onClose();
      } catch (error) {
        showErrorToast(error);
      }
    });
  };

  return (
    <FormDialog title={title} onClose={onClose} onSubmit={submit} busy={saving}>
      {current && (
        <CurrentAddressCode
          current={{ kind, address: current }}
          value={oldCode}
          onChange={setOldCode}
          invalid={problems.oldCode === true}
        />
      )}
      <TextInput
        label={label}
        value={address}
        onChange={(event) => setAddress(event.currentTarget.value)}
        type={kind === 'email' ? 'email' : 'tel'}
        autoComplete={kind === 'email' ? 'email' : 'tel'}
        maxLength={EMAIL_MAX_LENGTH}
        error={
          problems.address
            ? t(kind === 'email' ? 'account:contact.emailFormat' : 'account:contact.phoneFormat')
            : undefined
        }
      />
      <CodeField
        label={t('account:password.code')}
        purpose={VerificationPurpose.newCheck}
        target={newTarget}
        value={code}
        onChange={setCode}
        onInvalidTarget={() => setProblems((known) => ({ ...known, address: true }))}
        error={problems.code ? t('account:password.codeFormat') : undefined}
      />
    </FormDialog>
  );
}
