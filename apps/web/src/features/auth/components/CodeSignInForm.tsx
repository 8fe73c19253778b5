import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerificationPurpose } from '@account-centre/contract';
import { useSignIn } from '../api/sign-in';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { validateAccount, validateCode } from '../validation';
import { AccountInput } from './AccountInput';
import { CodeInput } from './CodeInput';
import { FailureAlert, NoticeAlert, useFieldProps } from './form-helpers';
import type { AuthViewProps, SignInResult } from './types';
import { useCodeTarget } from './use-code-target';

interface Props extends AuthViewProps {
  onSignedIn: (result: SignInResult) => void;
}

/** Quick sign-in: a one-time code (purpose 8) instead of the password. */
export function CodeSignInForm({ region, initialAccount, onAccountChange, onSignedIn }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { account: initialAccount, code: '' },
    validate: {
      account: (value) => validateAccount(value, region),
      code: validateCode,
    },
    onValuesChange: (values) => onAccountChange(values.account),
  });
  const field = useFieldProps(form);
  const signIn = useSignIn();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, run] = useSingleFlight();
  const codeTarget = useCodeTarget(form, region, setFailure);

  const submit = form.onSubmit((values) =>
    run(async () => {
      setFailure(null);
      try {
        onSignedIn(await signIn.mutateAsync({ account: values.account.trim(), code: values.code.trim() }));
      } catch (error) {
        setFailure(error);
      }
    }),
  );

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
