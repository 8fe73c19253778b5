import { Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { type Paging, PagedSection, type SectionQuery } from '../../../components/PagedSection';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_PAGE_SIZE, OrderErrors } from '@account-centre/contract';
import { useCurrentUser } from '../../../lib/user/current-user';
import { useLayoutMode } from '../../../lib/layout/use-layout';
import { useFitsWidth } from '../../../lib/layout/use-fits-width';
import { useBuildContext } from '../../../lib/build-context';
import { formatCurrency, formatDate, useLanguage } from '../../../lib/i18n';
import { type OrderPage, type OrderRow, orderPageQueryOptions } from '../api/get-orders';
import { useOrderLoadedSignal } from '../hooks/use-order-loaded-signal';
import { errorText } from '../../../lib/api';
import { ReceiptCell } from './ReceiptCell';
import { orderName, platformNames } from '../../../lib/plan-names';

// The request form is a chunk of its own, loaded when a receipt is asked for (spec 01 §2).
const ReceiptModal = lazy(() => import('./ReceiptModal'));

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The room the seven columns need with every language's headings and receipt buttons. A desktop
 * window narrower than that (1024 px beside the menu, a tablet in landscape) shows the same page
 * as cards rather than hiding the receipt column behind a sideways scroll.
 */
const HISTORY_TABLE_MIN_WIDTH = 880;

function StatusBadge({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  const { region } = useBuildContext();
  const colors = { active: 'green', expired: 'gray', unknown: 'yellow' } as const;
  // The money went back and what it gave was taken back: that is its status now.
  if (row.refunded) {
    return (
      <Badge
        variant="light"
        color="red"
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {t('order:history.status.refunded')}
      </Badge>
    );
  }
  const badge = (
    // Its whole word always shows ("UNBEKANNT"): a narrow column wraps the others, not the badge.
    <Badge
      variant="light"
      color={colors[row.status]}
      tabIndex={row.status === 'unknown' ? 0 : undefined}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`order:history.status.${row.status}`)}
    </Badge>
  );
  // Spec 01 §2: overseas, an unknown status says so and points to support.
  return row.status === 'unknown' && region === 'overseas' ? (
    <Tooltip label={t('order:history.unknownTooltip')} multiline w={240} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/**
 * What the order covers: the platforms of the licence it bought, in the reader's language; the
 * detail it was recorded with only where it bought no licence (an org-chart tier, a bundle).
 */
function OrderDetail({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const detail = row.platforms !== null ? platformNames(t, row.platforms, language) : row.more;
  return detail === null ? null : <Text size="sm">{detail}</Text>;
}

function EndDate({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  if (row.endDate === 'unknown') return null;
  return (
    <Text size="xs" c="dimmed">
      {row.endDate === 'using'
        ? t('order:history.endUsing')
        : t('order:history.endDate', { date: formatDate(row.endDate) })}
    </Text>
  );
}

function Amount({ row }: { row: OrderRow }) {
  const [language] = useLanguage();
  return (
    <Text size="xs" c="dimmed">
      {formatCurrency(row.amount, language, row.currency)}
    </Text>
  );
}

interface RowsProps {
  userId: number;
  rows: OrderRow[];
  now: number;
  onRequest: (row: OrderRow) => void;
}

/** Desktop: the spec's seven columns (spec 01 §2). */
function HistoryTable({ userId, rows, now, onRequest }: RowsProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={HISTORY_TABLE_MIN_WIDTH}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('order:history.columns.date')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('order:history.columns.number')}</Table.Th>
            <Table.Th>{t('order:history.columns.products')}</Table.Th>
            <Table.Th>{t('order:history.columns.detail')}</Table.Th>
            {/* Short words that must not break ("数量" read as two lines). */}
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('order:history.columns.quantity')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('order:history.columns.status')}</Table.Th>
            <Table.Th>{t('order:history.columns.receipt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.order_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
              {/* An order number is read and copied whole: never broken over two lines. */}
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{row.order_id}</Table.Td>
              <Table.Td>
                <Text size="sm">{orderName(t, row)}</Text>
                <Amount row={row} />
              </Table.Td>
              <Table.Td>
                <OrderDetail row={row} />
                <EndDate row={row} />
              </Table.Td>
              <Table.Td>{row.quantity}</Table.Td>
              <Table.Td>
                <StatusBadge row={row} />
              </Table.Td>
              <Table.Td>
                <ReceiptCell userId={userId} row={row} now={now} onRequest={onRequest} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Small screens and narrow desktop windows: one card per order with the same facts, labelled. */
function HistoryCards({ userId, rows, now, onRequest }: RowsProps) {
  const { t } = useTranslation();
  const fact = (label: string, value: ReactNode) => (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ textAlign: 'end', minWidth: 0, overflowWrap: 'anywhere' }}>{value}</div>
    </Group>
  );
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((row) => (
        <Card component="li" withBorder radius="md" padding="sm" key={row.order_id}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {orderName(t, row)}
                </Text>
                <Amount row={row} />
              </div>
              <StatusBadge row={row} />
            </Group>
            {fact(t('order:history.columns.date'), <Text size="sm">{formatDate(row.date)}</Text>)}
            {fact(t('order:history.columns.number'), <Text size="sm">{row.order_id}</Text>)}
            {(row.platforms !== null || row.more !== null || row.endDate !== 'unknown') &&
              fact(
                t('order:history.columns.detail'),
                <>
                  <OrderDetail row={row} />
                  <EndDate row={row} />
                </>,
              )}
            {fact(t('order:history.columns.quantity'), <Text size="sm">{row.quantity}</Text>)}
            {fact(
              t('order:history.columns.receipt'),
              <ReceiptCell userId={userId} row={row} now={now} onRequest={onRequest} />,
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Desktop: one page at a time, each page cached under its own key (spec 01 §4); as a table where
 * its columns fit, as cards where they do not.
 */
function PagedHistory({ userId, onRequest }: { userId: number; onRequest: (row: OrderRow) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [measure, tableFits] = useFitsWidth<HTMLDivElement>(HISTORY_TABLE_MIN_WIDTH);
  const query = useQuery(orderPageQueryOptions(userId, page));
  useOrderLoadedSignal(query.isSuccess);
  const Rows = tableFits ? HistoryTable : HistoryCards;
  return (
    <HistorySection
      query={query}
      paging={{
        page: page + 1,
        pageSize: ORDER_PAGE_SIZE,
        onPage: (value) => setPage(value - 1),
        label: t('order:history.pages'),
        at: 'end',
      }}
    >
      {(data) => (
        <div ref={measure}>
          <Rows userId={userId} rows={data.rows} now={nowSeconds()} onRequest={onRequest} />
        </div>
      )}
    </HistorySection>
  );
}

/** Small screens: pages are added below one another by "read more", from the same per-page cache. */
function GrowingHistory({ userId, onRequest }: { userId: number; onRequest: (row: OrderRow) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(1);
  const queries = useQueries({
    queries: Array.from({ length: shown }, (_, page) => orderPageQueryOptions(userId, page)),
  });
  const first = queries[0]!;
  useOrderLoadedSignal(first.isSuccess);
  const loaded = queries.map((query) => query.data).filter((data): data is OrderPage => data !== undefined);
  const rows = loaded.flatMap((data) => data.rows);
  const loading = queries.some((query) => query.isFetching);
  return (
    <HistorySection query={first}>
      {(data) => (
        <Stack gap="sm">
          <HistoryCards userId={userId} rows={rows} now={nowSeconds()} onRequest={onRequest} />
          {rows.length < (loaded.at(-1)?.total ?? data.total) && (
            <Button variant="default" loading={loading} onClick={() => setShown((count) => count + 1)} fullWidth>
              {t('order:history.readMore')}
            </Button>
          )}
        </Stack>
      )}
    </HistorySection>
  );
}

/** Both forms of the history: the same loading, failure and empty views around their rows. */
function HistorySection({
  query,
  paging,
  children,
}: {
  query: SectionQuery<OrderPage> & { error: Error | null };
  paging?: Paging;
  children: (data: OrderPage) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PagedSection
      query={query}
      count={(data) => data.total}
      empty={t('order:history.empty')}
      loadFailed={query.error && errorText(t, query.error, { domains: [OrderErrors] })}
      paging={paging}
    >
      {children}
    </PagedSection>
  );
}

/** The order history: a paged table on desktop, "read more" below 1024 px (spec 01 §2). */
export function OrderHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { narrow } = useLayoutMode();
  const user = useCurrentUser();
  const [requesting, setRequesting] = useState<OrderRow | null>(null);
  return (
    <Stack gap="sm" component="section" aria-label={t('order:history.title')}>
      <Title order={2} size="h3">
        {t('order:history.title')}
      </Title>
      {narrow ? (
        <GrowingHistory userId={userId} onRequest={setRequesting} />
      ) : (
        <PagedHistory userId={userId} onRequest={setRequesting} />
      )}
      {requesting !== null && (
        <Suspense fallback={null}>
          <ReceiptModal
            userId={userId}
            row={requesting}
            defaultEmail={user.data?.email ?? ''}
            onClose={() => setRequesting(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
