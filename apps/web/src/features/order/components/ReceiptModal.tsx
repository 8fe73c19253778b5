import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVOICE_TITLE_MAX_LENGTH,
  type InvoiceTitleType,
  TAX_NUMBER_MAX_LENGTH,
  isValidTaxNumber,
  OrderErrors,
} from '@account-centre/contract';
import { showToast } from '../../../components/toast';
import { useMutateOnce } from '../../../lib/hooks/use-mutate-once';
import { formatCurrency, useLanguage } from '../../../lib/i18n';
import type { OrderRow } from '../api/get-orders';
import { type InvoiceRequest, useRequestInvoice } from '../api/request-invoice';
import { errorText } from '../../../lib/api';

const emailPattern = new RegExp(EMAIL_PATTERN);

/**
 * The receipt request (spec 01 §2 modals): who it is made out to, a company's tax number and
 * the address it goes to. Overseas receipts are issued at once; domestic invoices wait for an
 * operator (docs/decisions/003).
 */
export default function ReceiptModal({
  userId,
  row,
  defaultEmail,
  onClose,
}: {
  userId: number;
  row: OrderRow;
  defaultEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const request = useRequestInvoice(userId);
  // A double click sends one request (useMutateOnce).
  const requestOnce = useMutateOnce(request);
  const [titleType, setTitleType] = useState<InvoiceTitleType>('personal');
  const [title, setTitle] = useState('');
  const [taxNumber, setTaxNumber] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [touched, setTouched] = useState(false);

  const company = titleType === 'company';
  const titleError = title.trim() === '' ? t('order:receipt.required') : null;
  const taxError = !company
    ? null
    : taxNumber.trim() === ''
      ? t('order:receipt.required')
      : !isValidTaxNumber(taxNumber, row.region)
        ? t('order:receipt.invalidTaxNumber')
        : null;
  const emailError = !emailPattern.test(email.trim()) ? t('order:receipt.invalidEmail') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (titleError || taxError || emailError) return;
    const body: InvoiceRequest = {
      order_id: row.order_id,
      product: row.receipt_product,
      title_type: titleType,
      title: title.trim(),
      email: email.trim(),
      ...(company ? { tax_number: taxNumber.trim().toUpperCase() } : {}),
    };
    requestOnce(body, {
      onSuccess: (result) => {
        showToast(
          result.invoice === 'billing_success' ? t('order:receipt.issued') : t('order:receipt.requested'),
          'success',
        );
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('order:receipt.modalTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('order:receipt.orderLine', {
              order: row.order_id,
              amount: formatCurrency(row.amount, language, row.currency),
            })}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="receipt-title-type">
              {t('order:receipt.titleType')}
            </Text>
            <SegmentedControl
              aria-labelledby="receipt-title-type"
              value={titleType}
              onChange={(value) => setTitleType(value as InvoiceTitleType)}
              data={[
                { value: 'personal', label: t('order:receipt.personal') },
                { value: 'company', label: t('order:receipt.company') },
              ]}
            />
          </Stack>
          <TextInput
            label={company ? t('order:receipt.companyLabel') : t('order:receipt.titleLabel')}
            value={title}
            maxLength={INVOICE_TITLE_MAX_LENGTH}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={touched ? titleError : null}
            required
          />
          {company && (
            <TextInput
              label={t('order:receipt.taxNumber')}
              value={taxNumber}
              maxLength={TAX_NUMBER_MAX_LENGTH}
              onChange={(event) => setTaxNumber(event.currentTarget.value)}
              error={touched ? taxError : null}
              required
            />
          )}
          <TextInput
            type="email"
            label={t('order:receipt.email')}
            description={t('order:receipt.emailHint')}
            value={email}
            maxLength={EMAIL_MAX_LENGTH}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={touched ? emailError : null}
            required
          />
          {request.isError && (
            <Alert color="red" role="alert">
              {errorText(t, request.error, { domains: [OrderErrors] })}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {t('order:receipt.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
