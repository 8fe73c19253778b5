import { TextInput } from '@mantine/core';
import { MAINLAND_MOBILE_PATTERN, PhoneBindErrors, VerificationPurpose } from '@account-centre/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeTarget } from '../api/account';
import { CODE_PATTERN, CodeField } from './CodeField';

const MOBILE = new RegExp(MAINLAND_MOBILE_PATTERN);

export type PhoneCodeProblem = 'mobile' | 'code';

/** What is wrong with a number and code before anything is sent (number first, as it is read). */
export function phoneCodeProblem(mobile: string, code: string): PhoneCodeProblem | null {
  if (!MOBILE.test(mobile.trim())) return 'mobile';
  if (!CODE_PATTERN.test(code)) return 'code';
  return null;
}

/** How the phone-binding parts read a failure: phone binding's own refusals first (errorText). */
export const phoneErrors = { domains: [PhoneBindErrors] };

/** The state of a "new number and its code" form: the second phone, or a phone bound by link. */
export function usePhoneCodeForm() {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<PhoneCodeProblem | null>(null);
  const number = mobile.trim();
  const target: CodeTarget | null = MOBILE.test(number) ? { kind: 'mobile', address: number } : null;
  return {
    mobile,
    setMobile,
    code,
    setCode,
    problem,
    setProblem,
    /** The number as it is sent. */
    number,
    target,
    /** Marks the first problem, if any; true when the form may be sent. */
    check: () => {
      const found = phoneCodeProblem(mobile, code);
      setProblem(found);
      return found === null;
    },
  };
}

export type PhoneCodeForm = ReturnType<typeof usePhoneCodeForm>;

/**
 * A mainland mobile number and the code of purpose 4 (new check, spec 01 §3) sent to it, with
 * the send button and its countdown.
 */
export function PhoneCodeFields({ form, numberLabel }: { form: PhoneCodeForm; numberLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={numberLabel}
        value={form.mobile}
        onChange={(event) => form.setMobile(event.currentTarget.value)}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={11}
        error={form.problem === 'mobile' ? t('account:contact.phoneFormat') : undefined}
      />
      <CodeField
        label={t('account:password.code')}
        purpose={VerificationPurpose.newCheck}
        target={form.target}
        value={form.code}
        onChange={form.setCode}
        onInvalidTarget={() => form.setProblem('mobile')}
        error={form.problem === 'code' ? t('account:password.codeFormat') : undefined}
      />
    </>
  );
}
