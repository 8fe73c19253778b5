import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerificationPurpose } from '@account-centre/contract';
import { useResetPassword } from '../api/reset-password';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { validateAccount, validateCode, validateNewPassword } from '../validation';
import { AccountInput } from './AccountInput';
import { CodeInput } from './CodeInput';
import { FailureAlert, NoticeAlert, useFieldProps } from './form-helpers';
import { PasswordField } from './PasswordField';
import type { AuthViewProps } from './types';
import { useCodeTarget } from './use-code-target';

interface Props extends AuthViewProps {
  /** The password was changed: back to sign-in with this account. */
  onDone: (account: string) => void;
}

/** Forgot password: a code of purpose 2 proves the account, then the new password is set. */
export function ForgotPasswordForm({ region, initialAccount, onAccountChange, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { account: initialAccount, code: '', password: '', confirm: '' },
    validate: {
      account: (value) => validateAccount(value, region),
      code: validateCode,
      password: validateNewPassword,
      confirm: (value, values) => (value === values.password ? null : 'auth:validation.passwordMismatch'),
    },
    onValuesChange: (values) => onAccountChange(values.account),
  });
  const field = useFieldProps(form);
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, run] = useSingleFlight();
  const codeTarget = useCodeTarget(form, region, setFailure);

  const submit = form.onSubmit((values) =>
    run(async () => {
      setFailure(null);
      const account = values.account.trim();
      try {
        await resetPassword.mutateAsync({ account, code: values.code.trim(), password: values.password });
        onDone(account);
      } catch (error) {
        setFailure(error);
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auth:forgot.intro')}
        </Text>
        <AccountInput region={region} {...field('account')} />
        <CodeInput purpose={VerificationPurpose.forget} {...codeTarget.inputProps} {...field('code')} />
        <NoticeAlert>{codeTarget.notice}</NoticeAlert>
        <PasswordField
          label={t('auth:fields.newPassword')}
          description={t('auth:signUp.passwordRule')}
          autoComplete="new-password"
          required
          {...field('password')}
        />
        <PasswordField
          label={t('auth:fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...field('confirm')}
        />
        <FailureAlert error={failure} />
        <Button type="submit" fullWidth loading={busy}>
          {t('auth:forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
