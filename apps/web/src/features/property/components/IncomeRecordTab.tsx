import { INCOME_PAGE_SIZE, type IncomeProduct, incomeProducts } from '@account-centre/contract';
import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../../components/PagedSection';
import { RecordTable } from '../../../components/RecordTable';
import { formatCurrency, formatDate, useLanguage } from '../../../lib/i18n';
import { type IncomeEntry, type IncomeWindow, useForgetIncomePages, useIncomeRecords } from '../api/get-income-records';
import { aYearBefore, chinaToday, endOfDay, startOfDay } from '../china-days';

/**
 * The income record tab (spec 01 §2): a product, a range of days (a year to today unless
 * changed), the entries 10 a page with each page kept once seen — until the range or the
 * product changes, which starts from a clean cache — an empty state and the reminder.
 */
export function IncomeRecordTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const today = chinaToday();
  const [product, setProduct] = useState<IncomeProduct>('mm');
  const [range, setRange] = useState({ from: aYearBefore(today), to: today });
  const [shown, setShown] = useState<IncomeWindow>({ product: 'mm' });
  const [page, setPage] = useState(1);
  const forgetPages = useForgetIncomePages(userId);
  const badRange = range.from !== '' && range.to !== '' && range.from > range.to;

  const read = (next: { product: IncomeProduct; from: string; to: string }) => {
    setProduct(next.product);
    setRange({ from: next.from, to: next.to });
    if (next.from === '' || next.to === '' || next.from > next.to) return;
    forgetPages();
    setPage(1);
    setShown({ product: next.product, start: startOfDay(next.from), end: endOfDay(next.to) });
  };

  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Select
          label={t('property:record.product')}
          data={incomeProducts.map((value) => ({ value, label: t(`property:record.${value}`) }))}
          value={product}
          allowDeselect={false}
          onChange={(value) => value && read({ product: value as IncomeProduct, ...range })}
          w={180}
        />
        <TextInput
          type="date"
          label={t('property:record.from')}
          value={range.from}
          max={range.to || today}
          onChange={(event) => read({ product, from: event.currentTarget.value, to: range.to })}
          error={badRange ? t('property:record.badRange') : undefined}
          w={180}
        />
        <TextInput
          type="date"
          label={t('property:record.to')}
          value={range.to}
          min={range.from}
          max={today}
          onChange={(event) => read({ product, from: range.from, to: event.currentTarget.value })}
          w={180}
        />
      </Group>
      <Entries userId={userId} shown={shown} page={page} onPage={setPage} />
      <Text size="sm" c="dimmed" maw={720}>
        {t('property:record.reminder')}
      </Text>
    </Stack>
  );
}

function Entries({
  userId,
  shown,
  page,
  onPage,
}: {
  userId: number;
  shown: IncomeWindow;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const records = useIncomeRecords(userId, shown, page);
  const headingId = useId();
  const money = (fen: number) => formatCurrency(fen, language, 'CNY');
  const describe = (entry: IncomeEntry) => {
    const what =
      entry.kind === 'sale'
        ? t('property:record.sale', { gross: money(entry.gross), fee: money(entry.fee) })
        : entry.kind === 'cashback'
          ? entry.unlocks_at === null
            ? t('property:record.cashback')
            : t('property:record.cashbackLocked', { date: formatDate(entry.unlocks_at, 'date', language) })
          : entry.kind === 'sale_refund'
            ? t('property:record.saleRefund')
            : t('property:record.cashbackCancel');
    return entry.description ? `${what} · ${entry.description}` : what;
  };

  return (
    <PagedSection
      query={records}
      count={(data) => data.count}
      empty={t('property:record.empty')}
      loadFailed={t('property:record.loadFailed')}
      paging={{ page, pageSize: INCOME_PAGE_SIZE, onPage, label: t('property:record.pages') }}
      title={t('property:record.title')}
      headingId={headingId}
    >
      {(data) => (
        <RecordTable
          rows={data.income}
          rowKey={(entry) => entry.id}
          labelledBy={headingId}
          columns={[
            { header: t('property:record.item'), cell: (entry) => entry.title },
            { header: t('property:record.product'), cell: (entry) => t(`property:record.${entry.product}`) },
            {
              header: t('property:record.time'),
              cell: (entry) => formatDate(entry.created_at, 'dateTime', language),
            },
            { header: t('property:record.amount'), cell: (entry) => money(entry.price), numeric: true },
            { header: t('property:record.description'), cell: describe },
          ]}
        />
      )}
    </PagedSection>
  );
}
