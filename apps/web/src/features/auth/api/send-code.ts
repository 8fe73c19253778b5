import { useMutation } from '@tanstack/react-query';
import {
  type AccountKind,
  type RouteBody,
  type VerificationPurposeCode,
  sendCodeRoute,
} from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export interface SendCodeInput {
  purpose: VerificationPurposeCode;
  kind: AccountKind;
  account: string;
}

/** Sends a verification code by e-mail, or by SMS to a mainland mobile (domestic only). */
export function sendCode({ purpose, kind, account }: SendCodeInput) {
  const body: RouteBody<typeof sendCodeRoute> =
    kind === 'email' ? { purpose, email: account } : { purpose, mobile: account };
  return apiCall(sendCodeRoute, { body }).then((reply) => reply.data);
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
