import { Modal, NativeSelect, Stack } from '@mantine/core';
import { PasswordField } from '../../../components/PasswordField';
import { AccountErrors, AuthErrors, VerificationPurpose } from '@account-centre/contract';
import type { ParseKeys } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api';
import type { UserInfo } from '../../../lib/user/current-user';
import { type FieldsOfRefusals, showFailure, showToast } from '../../../components/toast';
import { changePassword } from '../api/change-password';
import type { CodeTarget } from '../api/send-code';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { CODE_PATTERN, CodeField, maskedAddress } from './CodeField';
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

type Field = 'code' | 'current' | 'password' | 'repeat';
/** What is wrong with a field: a check made here (its text's key) or the server's refusal. */
type Problem = { key: ParseKeys<'account'> } | { refusal: unknown };
type Problems = Partial<Record<Field, Problem>>;

/** The server's refusals that belong to one field, said there only; any other is a toast (showFailure). */
const fieldOfRefusal: FieldsOfRefusals<Field> = [
  [AuthErrors.invalidCode, 'code'],
  [AuthErrors.codeExpired, 'code'],
  [AccountErrors.passwordRequired, 'current'],
  [AccountErrors.currentPasswordWrong, 'current'],
  [AuthErrors.weakPassword, 'password'],
  [AuthErrors.samePassword, 'password'],
];

/**
 * Every check the form can make before sending, all at once, so the user sees each field that
 * needs fixing rather than one problem per attempt.
 */
export function passwordFormProblems(values: {
  code: string;
  current: string | null;
  password: string;
  repeat: string;
}): Problems {
  const problems: Problems = {};
  if (!CODE_PATTERN.test(values.code)) problems.code = { key: 'password.codeFormat' };
  if (values.current === '') problems.current = { key: 'errors.passwordRequired' };
  if (values.password.length < PASSWORD_MIN) problems.password = { key: 'password.tooShort' };
  if (values.password !== values.repeat) problems.repeat = { key: 'password.mismatch' };
  return problems;
}

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
  const [problems, setProblems] = useState<Problems>({});
  const [saving, runSave] = useSingleFlight();
  const target = targets.find((item) => item.kind === via) ?? null;

  // Shown in the reader's language at render time, so a language switch re-words them.
  const problemText = (field: Field) => {
    const problem = problems[field];
    if (!problem) return undefined;
    return 'key' in problem
      ? t(problem.key, { ns: 'account' })
      : errorText(t, problem.refusal, { domains: [AccountErrors] });
  };
  // Editing a field clears what was said about it.
  const edited = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    setProblems(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormProblems({ code, current: user.hasPwd ? oldPassword : null, password, repeat });
    setProblems(found);
    if (Object.keys(found).length > 0 || !target) return;
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
        showFailure(error, fieldOfRefusal, (field, refusal) => setProblems({ [field]: { refusal } }));
      }
    });
  };

  // The current password is asked only when there is one.
  const passwordFields = [
    ...(user.hasPwd
      ? [{ name: 'current', label: t('account:password.current'), value: oldPassword, set: setOldPassword } as const]
      : []),
    { name: 'password', label: t('account:password.new'), value: password, set: setPassword },
    { name: 'repeat', label: t('account:password.confirm'), value: repeat, set: setRepeat },
  ] as const;

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
              data={targets.map((item) => ({ value: item.kind, label: maskedAddress(item) }))}
              value={via}
              onChange={({ currentTarget: { value } }) => (value === 'email' || value === 'mobile') && setVia(value)}
            />
            <CodeField
              label={t('account:password.code')}
              purpose={VerificationPurpose.changePassword}
              target={target}
              value={code}
              onChange={edited('code', setCode)}
              error={problemText('code')}
            />
            {passwordFields.map((field) => (
              <PasswordField
                key={field.name}
                label={field.label}
                value={field.value}
                onChange={(event) => edited(field.name, field.set)(event.currentTarget.value)}
                autoComplete={field.name === 'current' ? 'current-password' : 'new-password'}
                error={problemText(field.name)}
              />
            ))}
            <FormActions onCancel={onClose} busy={saving} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
