import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountKind, Region } from '@account-centre/contract';
import { formatDate } from '../../../lib/i18n';
import { accountKindFor } from '../validation';

type Target = { account: string; kind: AccountKind };
type Sent = Target & { /** unix seconds */ validUntil: number };

/**
 * Wires a form's account field to its code field: the account is validated before a code is
 * sent, and once sent the form says where the code went.
 */
export function useCodeTarget<Values extends { account: string; code: string }>(
  form: UseFormReturnType<Values>,
  region: Region,
  setFailure: (error: unknown) => void,
) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<Sent | null>(null);

  const resolveAccount = (): Target | null => {
    if (form.validateField('account').hasError) return null;
    const account = form.getValues().account.trim();
    const kind = accountKindFor(account, region);
    return kind ? { account, kind } : null;
  };

  // Formatted on render, so the time follows a language switch (2:05 PM, 14:05, 오후 2:05).
  const time = sentTo ? formatDate(sentTo.validUntil, 'time') : '';
  const notice = sentTo
    ? sentTo.kind === 'email'
      ? t('auth:code.sentToEmail', { target: sentTo.account, time })
      : t('auth:code.sentToMobile', { target: sentTo.account, time })
    : null;

  return {
    notice,
    inputProps: {
      resolveAccount,
      onSent: (target: Target, validForSeconds: number) => {
        setFailure(null);
        // A code is on its way: what an earlier attempt said about the empty code is stale.
        form.clearFieldError('code');
        setSentTo({ ...target, validUntil: Math.floor(Date.now() / 1000) + validForSeconds });
      },
      onError: (error: unknown) => {
        setSentTo(null);
        setFailure(error);
      },
    },
  };
}
