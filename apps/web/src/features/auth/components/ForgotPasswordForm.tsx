import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerificationPurpose } from '@account-centre/contract';
import { useResetPassword } from '../api/reset-password';
import { validateCode, validateNewPassword } from '../validation';
import { AccountAndCode } from './AccountAndCode';
import { AuthForm } from './form-helpers';
import { PasswordField } from '../../../components/PasswordField';
import type { AuthViewProps } from './types';
import { useAuthForm } from './use-auth-form';
import { useCodeTarget } from './use-code-target';

interface Props extends AuthViewProps {
  /** The password was changed: back to sign-in with this account. */
  onDone: (account: string) => void;
}

/** Forgot password: a code of purpose 2 proves the account, then the new password is set. */
export function ForgotPasswordForm({ onDone, ...view }: Props) {
  const { region } = view;
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const { form, field, failure, setFailure, busy, submit } = useAuthForm({
    view,
    initialValues: { code: '', password: '', confirm: '' },
    validate: {
      code: validateCode,
      password: validateNewPassword,
      confirm: (value, values) => (value === values.password ? null : 'auth:validation.passwordMismatch'),
    },
    send: async (values) => {
      const account = values.account.trim();
      await resetPassword.mutateAsync({ account, code: values.code.trim(), password: values.password });
      onDone(account);
    },
  });
  const codeTarget = useCodeTarget(form, region, setFailure);

  return (
    <AuthForm onSubmit={submit} failure={failure} busy={busy} submitLabel={t('auth:forgot.submit')}>
      <Text size="sm" c="dimmed">
        {t('auth:forgot.intro')}
      </Text>
      <AccountAndCode
        region={region}
        purpose={VerificationPurpose.forget}
        target={codeTarget}
        account={field('account')}
        code={field('code')}
      />
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
    </AuthForm>
  );
}
