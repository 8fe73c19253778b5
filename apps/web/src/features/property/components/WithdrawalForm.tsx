import {
  chinaDateNumber,
  IncomeErrors,
  isFailure,
  type WithdrawalForm as FormValues,
  withdrawalProblem,
  withdrawalTipErrors,
  withdrawalTipField,
  withdrawalYuan,
} from '@account-centre/contract';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newRequestKey } from '../../../lib/api';
import { useMutateOnce } from '../../../lib/hooks/use-mutate-once';
import { formatCurrency, formatDay, useLanguage } from '../../../lib/i18n';
import type { IncomeSummary, Withdrawal } from '../api/get-income-summary';
import { useRequestWithdrawal } from '../api/request-withdrawal';

type Field = keyof FormValues;
const EMPTY: FormValues = { zfb: '', identity_card: '', name: '', mobile: '', amount: '' };
/** The form's fields in the spec's order of checks (spec 01 §5). */
const FIELDS: readonly {
  name: Field;
  label: string;
  hint?: string;
  maxLength: number;
  inputMode?: 'numeric' | 'tel';
}[] = [
  { name: 'zfb', label: 'property:form.zfb', hint: 'property:form.zfbHint', maxLength: 254 },
  { name: 'identity_card', label: 'property:form.identityCard', hint: 'property:form.identityCardHint', maxLength: 18 },
  { name: 'name', label: 'property:form.name', hint: 'property:form.nameHint', maxLength: 50 },
  { name: 'mobile', label: 'property:form.mobile', hint: 'property:form.mobileHint', maxLength: 11, inputMode: 'tel' },
  {
    name: 'amount',
    label: 'property:form.amount',
    hint: 'property:form.amountHint',
    maxLength: 9,
    inputMode: 'numeric',
  },
];

/** The server's answer as the form shows it: at a field, or as the form's own message. */
function placeOf(error: unknown): { field: Field; key: string } | { key: string } {
  for (const [tip, entry] of Object.entries(withdrawalTipErrors)) {
    if (isFailure(error, entry))
      return { field: withdrawalTipField[tip as keyof typeof withdrawalTipErrors], key: entry.key };
  }
  if (isFailure(error, IncomeErrors.ongoing)) return { key: 'property:getCashLoading' };
  return { key: 'property:getCashFail' };
}

/**
 * The withdrawal form (spec 01 §4 "Withdrawal"): the fields are checked in the spec's order and
 * the first that fails says so at its field; then a confirmation with the amount, the fee (none
 * here), what arrives and the payout day; then the request, locked while it runs and released
 * if it fails; the figures are read again whatever the answer.
 */
export function WithdrawalForm({
  userId,
  summary,
  onSubmitted,
}: {
  userId: number;
  summary: IncomeSummary;
  /** The withdrawal was taken: the screen says so (the form makes way for the ongoing state). */
  onSubmitted: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [fieldError, setFieldError] = useState<{ field: Field; key: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ requestKey: string } | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const request = useRequestWithdrawal(userId);
  // A double click on confirm sends one request (useMutateOnce).
  const requestOnce = useMutateOnce(request);
  const headingId = useId();

  const showAtField = (field: Field, key: string) => {
    setFieldError({ field, key });
    inputs.current[field]?.focus();
  };

  const check = () => {
    setFormError(null);
    const tip = withdrawalProblem(values, summary.avaliable, chinaDateNumber(Date.now() / 1000));
    if (tip) return showAtField(withdrawalTipField[tip], withdrawalTipErrors[tip].key);
    setFieldError(null);
    setConfirming({ requestKey: newRequestKey() });
  };

  const send = () => {
    if (!confirming) return;
    requestOnce(
      { form: values, requestKey: confirming.requestKey },
      {
        onSuccess: (withdrawal) => {
          setConfirming(null);
          setValues((current) => ({ ...current, amount: '' }));
          onSubmitted(withdrawal);
        },
        onError: (error) => {
          const place = placeOf(error);
          setConfirming(null);
          if ('field' in place) showAtField(place.field, place.key);
          else setFormError(place.key);
        },
      },
    );
  };

  const fen = Math.round(withdrawalYuan(values.amount) * 100);
  return (
    <Paper withBorder radius="md" p="lg" maw={560} component="section" aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id={headingId}>
            {t('property:form.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {FIELDS.map((field) => (
              <TextInput
                key={field.name}
                ref={(element) => {
                  inputs.current[field.name] = element;
                }}
                label={t(field.label as never)}
                description={field.hint ? t(field.hint as never) : undefined}
                value={String(values[field.name])}
                maxLength={field.maxLength}
                inputMode={field.inputMode}
                autoComplete="off"
                error={fieldError?.field === field.name ? t(fieldError.key as never) : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field.name]: value }));
                  if (fieldError?.field === field.name) setFieldError(null);
                }}
              />
            ))}
          </SimpleGrid>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {t(formError as never)}
            </Alert>
          )}
          <Group>
            <Button type="submit">{t('property:form.submit')}</Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={confirming !== null}
        onClose={() => !request.isPending && setConfirming(null)}
        title={t('property:confirm.title')}
        centered
      >
        <Stack gap="md">
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="40%">{t('property:confirm.amount')}</Table.Th>
                <Table.Td>{formatCurrency(fen, language, 'CNY')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('property:confirm.fee')}</Table.Th>
                <Table.Td>
                  {formatCurrency(0, language, 'CNY')}
                  <Text size="xs" c="dimmed">
                    {t('property:confirm.feeNote')}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('property:confirm.received')}</Table.Th>
                <Table.Td fw={700}>{formatCurrency(fen, language, 'CNY')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('property:confirm.account')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{values.zfb.trim()}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('property:confirm.payout')}</Table.Th>
                <Table.Td>{formatDay(summary.payout_on, language)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={request.isPending}>
              {t('property:confirm.cancel')}
            </Button>
            <Button onClick={send} loading={request.isPending}>
              {t('property:confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
