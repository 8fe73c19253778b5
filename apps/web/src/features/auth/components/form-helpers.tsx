import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerMsg } from '@account-centre/contract';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/i18n';
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

/** A failed request, in the words of the errors namespace. */
export function FailureAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  // The service refuses a weak new password with the password code (2), which otherwise means
  // a wrong sign-in password; its msg tells the two apart, and a new password needs advice on
  // choosing one rather than "account or password incorrect".
  const message =
    error instanceof ApiError && error.msg === ServerMsg.weakPassword
      ? t('errors:server.weakPassword')
      : errorMessage(error);
  return (
    <Alert color="red" variant="light">
      {message}
    </Alert>
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
