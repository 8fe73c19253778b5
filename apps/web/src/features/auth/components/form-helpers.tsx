import { Alert, Button, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api';
import type { ValidationKey } from '../validation';

/**
 * Input props of a form field whose validators return translation keys: the key is kept in
 * the form and translated on render, so an error already on screen follows a language switch.
 */
export function useFieldProps<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation();
  return (path: keyof Values & string) => {
    const { error, ...props } = form.getInputProps(path);
    return { ...props, error: typeof error === 'string' ? t(error as ValidationKey) : undefined };
  };
}

/** A failed request, in the words errorText finds for it. */
export function FailureAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light">
      {errorText(t, error)}
    </Alert>
  );
}

/**
 * The frame of every sign-in view's form: its fields, the last failure under them and the
 * submit button, which shows progress while the form is sent.
 */
export function AuthForm({
  onSubmit,
  failure,
  busy,
  submitLabel,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  failure: unknown;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <FailureAlert error={failure} />
        <Button type="submit" fullWidth loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** A short confirmation (code sent, password changed), announced politely to screen readers. */
export function NoticeAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="teal" variant="light" role="status">
      {children}
    </Alert>
  );
}
