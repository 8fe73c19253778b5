import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerificationPurpose } from '@account-centre/contract';
import { useSignIn } from '../api/sign-in';
import { validateCode } from '../validation';
import { AccountInput } from './AccountInput';
import { CodeInput } from './CodeInput';
import { FailureAlert, NoticeAlert } from './form-helpers';
import type { AuthViewProps, SignInResult } from './types';
import { useAuthForm } from './use-auth-form';
import { useCodeTarget } from './use-code-target';

interface Props extends AuthViewProps {
  onSignedIn: (result: SignInResult) => void;
}

/** Quick sign-in: a one-time code (purpose 8) instead of the password. */
export function CodeSignInForm({ onSignedIn, ...view }: Props) {
  const { region } = view;
  const { t } = useTranslation();
  const signIn = useSignIn();
  const { form, field, failure, setFailure, busy, submit } = useAuthForm({
    view,
    initialValues: { code: '' },
    validate: {
      code: validateCode,
    },
    send: async (values) =>
      onSignedIn(await signIn.mutateAsync({ account: values.account.trim(), code: values.code.trim() })),
  });
  const codeTarget = useCodeTarget(form, region, setFailure);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AccountInput region={region} {...field('account')} />
        <CodeInput purpose={VerificationPurpose.quickLogin} {...codeTarget.inputProps} {...field('code')} />
        <NoticeAlert>{codeTarget.notice}</NoticeAlert>
        <FailureAlert error={failure} />
        <Button type="submit" fullWidth loading={busy}>
          {t('auth:signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
