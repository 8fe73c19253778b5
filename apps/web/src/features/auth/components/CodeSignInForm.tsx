import { useTranslation } from 'react-i18next';
import { VerificationPurpose } from '@account-centre/contract';
import { useSignIn } from '../api/sign-in';
import { validateCode } from '../validation';
import { AccountAndCode } from './AccountAndCode';
import { AuthForm } from './form-helpers';
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
    <AuthForm onSubmit={submit} failure={failure} busy={busy} submitLabel={t('auth:signIn.submit')}>
      <AccountAndCode
        region={region}
        purpose={VerificationPurpose.quickLogin}
        target={codeTarget}
        account={field('account')}
        code={field('code')}
      />
    </AuthForm>
  );
}
