import { useTranslation } from 'react-i18next';
import { VerificationPurpose } from '@account-centre/contract';
import { useRegister } from '../api/register';
import { accountKindFor, validateCode, validateNewPassword } from '../validation';
import { AccountAndCode } from './AccountAndCode';
import { AuthForm } from './form-helpers';
import { PasswordField } from '../../../components/PasswordField';
import type { AuthViewProps, SignInResult } from './types';
import { useAuthForm } from './use-auth-form';
import { useCodeTarget } from './use-code-target';

interface Props extends AuthViewProps {
  onSignedIn: (result: SignInResult) => void;
}

/**
 * Sign up with an e-mail, a password and a code (purpose 1); in the domestic build also with
 * a mobile number and an SMS code, where the password may be left for later because the SMS
 * code itself signs the user in.
 */
export function SignUpForm({ onSignedIn, ...view }: Props) {
  const { region } = view;
  const { t } = useTranslation();
  const register = useRegister();
  const { form, field, failure, setFailure, busy, submit } = useAuthForm({
    view,
    initialValues: { code: '', password: '' },
    validate: {
      code: validateCode,
      password: (value, values) =>
        value === '' && accountKindFor(values.account, region) === 'mobile' ? null : validateNewPassword(value),
    },
    send: async (values) => {
      const account = values.account.trim();
      const code = values.code.trim();
      const result = await register.mutateAsync(
        accountKindFor(account, region) === 'mobile'
          ? { mobile: account, code, ...(values.password ? { password: values.password } : {}) }
          : { email: account, password: values.password, code },
      );
      onSignedIn(result);
    },
  });
  const codeTarget = useCodeTarget(form, region, setFailure);
  const mobile = accountKindFor(form.values.account, region) === 'mobile';

  return (
    <AuthForm onSubmit={submit} failure={failure} busy={busy} submitLabel={t('auth:signUp.submit')}>
      <AccountAndCode
        region={region}
        purpose={VerificationPurpose.register}
        target={codeTarget}
        account={field('account')}
        code={field('code')}
      />
      <PasswordField
        label={t('auth:fields.password')}
        description={mobile ? t('auth:signUp.passwordOptional') : t('auth:signUp.passwordRule')}
        autoComplete="new-password"
        required={!mobile}
        {...field('password')}
      />
    </AuthForm>
  );
}
