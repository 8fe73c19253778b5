import { type FormValidateInput, useForm } from '@mantine/form';
import { useState } from 'react';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { useFieldProps } from './form-helpers';

interface AuthFormOptions<Values extends { account: string }> {
  initialValues: Values;
  validate: FormValidateInput<Values>;
  /** The account typed so far, kept by the sign-in overlay when the user switches views. */
  onAccountChange: (account: string) => void;
  /** Sends the valid form; a failure is kept and shown by the form's FailureAlert. */
  send: (values: Values) => Promise<void>;
}

/**
 * What every sign-in view's form shares: its fields validated on submit (errors kept as
 * translation keys), one request at a time, and the last failure.
 */
export function useAuthForm<Values extends { account: string }>({
  initialValues,
  validate,
  onAccountChange,
  send,
}: AuthFormOptions<Values>) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate,
    onValuesChange: (values) => onAccountChange(values.account),
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
