import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate, useLanguage } from '../../../lib/i18n';
import type { Checkout } from '../api/create-checkout';

type BankTransfer = NonNullable<Checkout['bank']>;
const fields = ['accountName', 'bankName', 'accountNo', 'reference'] as const;
const valueOf = (bank: BankTransfer, field: (typeof fields)[number]) =>
  ({ accountName: bank.account_name, bankName: bank.bank_name, accountNo: bank.account_no, reference: bank.reference })[
    field
  ];

/**
 * Where to transfer the money (spec 02 §9 "bank"): the account, and the reference that ties the
 * transfer to the order. Nothing happens here when it is sent; an operator confirms it on arrival,
 * within the order's week.
 */
export function BankDetails({ checkout, bank }: { checkout: Checkout; bank: BankTransfer }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t('checkout:bank.title')}
      </Title>
      <Text size="sm">
        {t('checkout:bank.instructions', { amount: formatCurrency(checkout.amount, language, checkout.currency) })}
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder aria-labelledby={headingId}>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={field}>
              <Table.Th w="36%">{t(`checkout:bank.${field}`)}</Table.Th>
              <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
                {valueOf(bank, field)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">{t('checkout:bank.note', { date: formatDate(checkout.expires_at, 'long', language) })}</Text>
    </Stack>
  );
}
