import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../api/sign-in';
import { validateExistingPassword } from '../validation';
import { AccountInput } from './AccountInput';
import { AuthForm, NoticeAlert } from './form-helpers';
import { PasswordField } from '../../../components/PasswordField';
import type { AuthViewProps, SignInResult } from './types';
import { useAuthForm } from './use-auth-form';

interface Props extends AuthViewProps {
  onSignedIn: (result: SignInResult) => void;
  onForgot: () => void;
  /** A message to show above the form, e.g. after a password reset. */
  notice?: string | null;
}

export function PasswordSignInForm({ onSignedIn, onForgot, notice, ...view }: Props) {
  const { region } = view;
  const { t } = useTranslation();
  const signIn = useSignIn();
  const { field, failure, busy, submit } = useAuthForm({
    view,
    initialValues: { password: '' },
    validate: {
      password: validateExistingPassword,
    },
    send: async (values) =>
      onSignedIn(await signIn.mutateAsync({ account: values.account.trim(), password: values.password })),
  });

  return (
    <AuthForm onSubmit={submit} failure={failure} busy={busy} submitLabel={t('auth:signIn.submit')}>
      <NoticeAlert>{notice}</NoticeAlert>
      <AccountInput region={region} {...field('account')} />
      <PasswordField
        label={t('auth:fields.password')}
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <Group justify="flex-end" mt={-8}>
        <Anchor component="button" type="button" size="sm" onClick={onForgot}>
          {t('auth:signIn.forgot')}
        </Anchor>
      </Group>
    </AuthForm>
  );
}
