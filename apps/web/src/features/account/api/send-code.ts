import { type RouteBody, type VerificationPurposeCode, sendCodeRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type CodeTarget = { kind: 'email' | 'mobile'; address: string };

/** The account's own addresses that sign-in methods bind to. */
export type Contact = CodeTarget['kind'];

/** Sends a code of `purpose` to the account's e-mail or phone; answers when a resend is allowed. */
export function sendCode(purpose: VerificationPurposeCode, { kind, address }: CodeTarget) {
  const body: RouteBody<typeof sendCodeRoute> =
    kind === 'email' ? { purpose, email: address } : { purpose, mobile: address };
  return apiCall(sendCodeRoute, { body }).then((reply) => reply.data);
}
