import { Modal, NativeSelect, PasswordInput, Stack } from '@mantine/core';
import { VerificationPurpose, maskEmail, maskPhone } from '@account-centre/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showErrorToast, showToast } from '../../../components/toast';
import { type CodeTarget, changePassword } from '../api/account';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { CODE_PATTERN, CodeField } from './CodeField';
import { FormActions } from './FormActions';

const CHANGE_SUCCESS_MS = 1500;
const PASSWORD_MIN = 8;

/** Where a code of purpose 6 can go: the account's own e-mail and phone. */
export function codeTargets(user: UserInfo): CodeTarget[] {
  const targets: CodeTarget[] = [];
  if (user.email) targets.push({ kind: 'email', address: user.email });
  if (user.mobile) targets.push({ kind: 'mobile', address: user.mobile });
  return targets;
}

const masked = ({ kind, address }: CodeTarget) => (kind === 'email' ? maskEmail(address) : maskPhone(address));

/**
 * Sets or changes the password (spec 01 §2 "update password" modal; purpose 6): a code sent to
 * the account's e-mail or phone, the current password when one is set, the new one twice.
 */
export function PasswordModal({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const targets = codeTargets(user);
  const [via, setVia] = useState(targets[0]?.kind ?? 'email');
  const [code, setCode] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<'codeFormat' | 'tooShort' | 'mismatch' | null>(null);
  const [saving, runSave] = useSingleFlight();
  const target = targets.find((item) => item.kind === via) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = !CODE_PATTERN.test(code)
      ? 'codeFormat'
      : password.length < PASSWORD_MIN
        ? 'tooShort'
        : password !== repeat
          ? 'mismatch'
          : null;
    setProblem(found);
    if (found || !target) return;
    void runSave(async () => {
      try {
        await changePassword(user.user_id, {
          via: target.kind,
          code,
          password,
          ...(user.hasPwd ? { old_password: oldPassword } : {}),
        });
        showToast(t('account:toast.changeSuccess'), 'success', CHANGE_SUCCESS_MS);
        onClose();
      } catch (error) {
        showErrorToast(error);
      }
    });
  };

  const title = user.hasPwd ? t('account:security.changePassword') : t('account:security.setPassword');
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {targets.length === 0 ? (
        <Stack>{t('account:password.noContact')}</Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <NativeSelect
              label={t('account:password.sendTo')}
              data={targets.map((item) => ({ value: item.kind, label: masked(item) }))}
              value={via}
              onChange={({ currentTarget: { value } }) => (value === 'email' || value === 'mobile') && setVia(value)}
            />
            <CodeField
              label={t('account:password.code')}
              purpose={VerificationPurpose.changePassword}
              target={target}
              value={code}
              onChange={setCode}
              error={problem === 'codeFormat' ? t('account:password.codeFormat') : undefined}
            />
            {user.hasPwd && (
              <PasswordInput
                label={t('account:password.current')}
                value={oldPassword}
                onChange={(event) => setOldPassword(event.currentTarget.value)}
                autoComplete="current-password"
              />
            )}
            <PasswordInput
              label={t('account:password.new')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="new-password"
              error={problem === 'tooShort' ? t('account:password.tooShort') : undefined}
            />
            <PasswordInput
              label={t('account:password.confirm')}
              value={repeat}
              onChange={(event) => setRepeat(event.currentTarget.value)}
              autoComplete="new-password"
              error={problem === 'mismatch' ? t('account:password.mismatch') : undefined}
            />
            <FormActions onCancel={onClose} busy={saving} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
