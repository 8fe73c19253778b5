import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignIn } from '../api/sign-in';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { validateAccount, validateExistingPassword } from '../validation';
import { AccountInput } from './AccountInput';
import { FailureAlert, NoticeAlert, useFieldProps } from './form-helpers';
import { PasswordField } from './PasswordField';
import type { AuthViewProps, SignInResult } from './types';

interface Props extends AuthViewProps {
  onSignedIn: (result: SignInResult) => void;
  onForgot: () => void;
  /** A message to show above the form, e.g. after a password reset. */
  notice?: string | null;
}

export function PasswordSignInForm({ region, initialAccount, onAccountChange, onSignedIn, onForgot, notice }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { account: initialAccount, password: '' },
    validate: {
      account: (value) => validateAccount(value, region),
      password: validateExistingPassword,
    },
    onValuesChange: (values) => onAccountChange(values.account),
  });
  const field = useFieldProps(form);
  const signIn = useSignIn();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, run] = useSingleFlight();

  const submit = form.onSubmit((values) =>
    run(async () => {
      setFailure(null);
      try {
        onSignedIn(await signIn.mutateAsync({ account: values.account.trim(), password: values.password }));
      } catch (error) {
        setFailure(error);
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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
        <FailureAlert error={failure} />
        <Button type="submit" fullWidth loading={busy}>
          {t('auth:signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
