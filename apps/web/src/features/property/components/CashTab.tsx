import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { RecordTable } from '../../../components/RecordTable';
import { formatCurrency, formatDate, formatDay, useLanguage } from '../../../lib/i18n';
import { type IncomeSummary, useIncomeSummary, type Withdrawal } from '../api/get-income-summary';
import { WithdrawalForm } from './WithdrawalForm';

/** The cash withdrawal tab: what can be withdrawn, the form (or the withdrawal under way), the latest ones. */
export function CashTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const summary = useIncomeSummary(userId);
  const [submitted, setSubmitted] = useState<Withdrawal | null>(null);
  if (summary.isPending) return <Loading />;
  if (summary.isError)
    return <LoadFailed message={t('property:summary.loadFailed')} onRetry={() => void summary.refetch()} />;
  return (
    <Stack gap="xl">
      <Figures summary={summary.data} />
      {summary.data.ongoing ? (
        <Ongoing withdrawal={summary.data.ongoing} />
      ) : (
        <WithdrawalForm userId={userId} summary={summary.data} onSubmitted={setSubmitted} />
      )}
      {summary.data.recent.length > 0 && <Recent withdrawals={summary.data.recent} />}
      <Modal opened={submitted !== null} onClose={() => setSubmitted(null)} title={t('property:successTitle')} centered>
        <Stack gap="md">
          <Text>{submitted && t('property:getCashSuccess', { date: formatDay(submitted.payout_on, language) })}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setSubmitted(null)}>{t('property:successClose')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Figures({ summary }: { summary: IncomeSummary }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="lg" maw={560} component="section" aria-labelledby={labelId}>
      <Text size="sm" c="dimmed" id={labelId}>
        {t('property:summary.available')}
      </Text>
      <Text fz={28} fw={700} c="blue.8">
        {formatCurrency(summary.avaliable, language, 'CNY')}
      </Text>
      {summary.owed > 0 && (
        <Text size="sm" fw={500} mt={4}>
          {t('property:summary.owed', { amount: formatCurrency(summary.owed, language, 'CNY') })}
        </Text>
      )}
      {summary.locked > 0 && summary.unlock_at !== null && (
        <Text size="sm" c="dimmed" mt={4}>
          {t('property:summary.locked', {
            amount: formatCurrency(summary.locked, language, 'CNY'),
            date: formatDate(summary.unlock_at, 'date', language),
          })}
        </Text>
      )}
    </Paper>
  );
}

function Ongoing({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Alert color="blue" variant="light" maw={560} role="status">
      {t('property:summary.ongoing', {
        amount: formatCurrency(withdrawal.amount, language, 'CNY'),
        date: formatDay(withdrawal.payout_on, language),
      })}
    </Alert>
  );
}

function Recent({ withdrawals }: { withdrawals: readonly Withdrawal[] }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const headingId = useId();
  const stateOf = (withdrawal: Withdrawal) => {
    if (withdrawal.state === 'paid')
      return (
        <Badge color="green" variant="light">
          {t('property:recent.paid')}
        </Badge>
      );
    if (withdrawal.state === 'submitted')
      return (
        <Badge color="blue" variant="light">
          {t('property:recent.submitted')}
        </Badge>
      );
    return (
      <Text size="sm" c="red.8">
        {t('property:recent.failed', { reason: withdrawal.failure_reason ?? '' })}
      </Text>
    );
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('property:recent.title')}
      </Title>
      <RecordTable
        rows={withdrawals}
        rowKey={(withdrawal) => withdrawal.id}
        labelledBy={headingId}
        columns={[
          { header: t('property:recent.time'), cell: (w) => formatDate(w.created_at, 'dateTime', language) },
          {
            header: t('property:recent.amount'),
            cell: (w) => formatCurrency(w.amount, language, 'CNY'),
            numeric: true,
          },
          { header: t('property:recent.state'), cell: stateOf },
          { header: t('property:recent.payout'), cell: (w) => formatDay(w.payout_on, language) },
        ]}
      />
    </Stack>
  );
}
