import type { TextInputProps } from '@mantine/core';
import type { Region, VerificationPurposeCode } from '@account-centre/contract';
import { AccountInput } from './AccountInput';
import { CodeInput } from './CodeInput';
import { NoticeAlert } from './form-helpers';
import type { useCodeTarget } from './use-code-target';

/**
 * The account and a code sent to it, with where the code went once it is sent: how the views
 * that prove the account by a code (sign-up, quick sign-in, forgot password) begin.
 */
export function AccountAndCode({
  region,
  purpose,
  target,
  account,
  code,
}: {
  region: Region;
  purpose: VerificationPurposeCode;
  target: ReturnType<typeof useCodeTarget>;
  account: TextInputProps;
  code: Omit<TextInputProps, 'onError'>;
}) {
  return (
    <>
      <AccountInput region={region} {...account} />
      <CodeInput purpose={purpose} {...target.inputProps} {...code} />
      <NoticeAlert>{target.notice}</NoticeAlert>
    </>
  );
}
