import { TextInput } from '@mantine/core';
import { MAINLAND_MOBILE_PATTERN, PhoneBindErrors, VerificationPurpose } from '@account-centre/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldsOfRefusals } from '../../../components/toast';
import type { CodeTarget } from '../api/send-code';
import { CODE_PATTERN, CodeField } from './CodeField';

const MOBILE = new RegExp(MAINLAND_MOBILE_PATTERN);

/** What is wrong before anything is sent: every field at once. */
export interface PhoneCodeProblems {
  /** Not a mainland number, or one of the account's own (which cannot be added again). */
  mobile?: 'format' | 'own';
  code?: 'format';
}

function numberProblem(number: string, ownNumbers: readonly string[]): PhoneCodeProblems['mobile'] {
  if (!MOBILE.test(number)) return 'format';
  return ownNumbers.includes(number) ? 'own' : undefined;
}

export function phoneCodeProblems(mobile: string, code: string, ownNumbers: readonly string[] = []): PhoneCodeProblems {
  const problems: PhoneCodeProblems = {};
  const number = numberProblem(mobile.trim(), ownNumbers);
  if (number) problems.mobile = number;
  if (!CODE_PATTERN.test(code)) problems.code = 'format';
  return problems;
}

/** How the phone-binding parts read a failure: phone binding's own refusals first (errorText). */
export const phoneErrors = { domains: [PhoneBindErrors] };

/** The server's refusals of the number itself, which the number field says (showFailure). */
export const numberRefusals: FieldsOfRefusals<'mobile'> = [[PhoneBindErrors.ownNumber, 'mobile']];

/**
 * The state of a "new number and its code" form: the second phone, or a phone bound by link.
 * `ownNumbers` are the account's numbers that cannot be added: no code is sent to them.
 */
export function usePhoneCodeForm({ ownNumbers = [] }: { ownNumbers?: readonly string[] } = {}) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<PhoneCodeProblems>({});
  const number = mobile.trim();
  const target: CodeTarget | null = numberProblem(number, ownNumbers) ? null : { kind: 'mobile', address: number };
  return {
    mobile,
    setMobile: (value: string) => {
      setMobile(value);
      setProblems(({ mobile: _, ...rest }) => rest);
    },
    code,
    setCode: (value: string) => {
      setCode(value);
      setProblems(({ code: _, ...rest }) => rest);
    },
    problems,
    /** Says what is wrong with the number (no code can be sent to it). */
    refuseNumber: (problem: PhoneCodeProblems['mobile'] = numberProblem(number, ownNumbers) ?? 'format') =>
      setProblems((current) => ({ ...current, mobile: problem })),
    /** The number as it is sent. */
    number,
    target,
    /** Marks every problem; true when the form may be sent. */
    check: () => {
      const found = phoneCodeProblems(mobile, code, ownNumbers);
      setProblems(found);
      return Object.keys(found).length === 0;
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
        error={
          form.problems.mobile === 'own'
            ? t('accountPhone:errors.ownNumber')
            : form.problems.mobile
              ? t('account:contact.phoneFormat')
              : undefined
        }
      />
      <CodeField
        label={t('account:password.code')}
        purpose={VerificationPurpose.newCheck}
        target={form.target}
        value={form.code}
        onChange={form.setCode}
        onInvalidTarget={() => form.refuseNumber()}
        error={form.problems.code ? t('account:password.codeFormat') : undefined}
      />
    </>
  );
}
