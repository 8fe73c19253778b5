import { type FormRulesRecord, type FormValidateInput, useForm } from '@mantine/form';
import { useState } from 'react';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { validateAccount } from '../validation';
import { useFieldProps } from './form-helpers';
import type { AuthViewProps } from './types';

type WithAccount<Fields> = Fields & { account: string };

interface AuthFormOptions<Fields extends object> {
  /**
   * The view's place in the sign-in screen: the account starts as typed so far, is checked for
   * the build's region and goes back to the screen as it changes, so it survives a switch of view.
   */
  view: AuthViewProps;
  /** The other fields and their first values. */
  initialValues: Fields;
  /** The other fields' rules; each sees every value, the account's too. */
  validate: FormRulesRecord<Fields, WithAccount<Fields>>;
  /** Sends the valid form; a failure is kept and shown by the form's FailureAlert. */
  send: (values: WithAccount<Fields>) => Promise<void>;
}

/**
 * What every sign-in view's form shares: the account typed so far, its fields validated on
 * submit (errors kept as translation keys), one request at a time, and the last failure.
 */
export function useAuthForm<Fields extends object>({ view, initialValues, validate, send }: AuthFormOptions<Fields>) {
  const form = useForm<WithAccount<Fields>>({
    mode: 'controlled',
    initialValues: { ...initialValues, account: view.initialAccount },
    validate: {
      account: (value: string) => validateAccount(value, view.region),
      ...validate,
    } as FormValidateInput<WithAccount<Fields>>,
    onValuesChange: (values) => view.onAccountChange(values.account),
  });
  const field = useFieldProps(form);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, run] = useSingleFlight();

  const submit = form.onSubmit((values) =>
    run(async () => {
      setFailure(null);
      try {
        await send(values);
      } catch (error) {
        setFailure(error);
      }
    }),
  );

  return { form, field, failure, setFailure, busy, submit };
}
