import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { TEMPLATE_RECORD_PAGE_SIZE } from '@account-centre/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { PagedSection } from '../../components/PagedSection';
import { UserScreen } from '../../components/ScreenLayout';
import { NoteList } from '../../components/NoteList';
import { Section } from '../../components/Section';
import { useBuildContext } from '../../lib/build-context';
import { formatCurrency, formatDate, useLanguage } from '../../lib/i18n';
import { templateTopUpPage } from '../../lib/site-links';
import { usePagedQuery } from '../../lib/api';
import { templateAdditionsOptions } from './api/get-template-additions';
import { templateCreditOptions, useTemplateCredit } from './api/get-template-credit';
import { FIRST_RECORDS_PAGE, templateRecordsOptions } from './api/get-template-records';
import { RecordTable } from '../../components/RecordTable';
import { SettledTogether } from '../../components/SettledTogether';
import { Loading } from '../../components/Loading';
import { BuyButton } from '../../components/BuyButton';

const tips = ['where', 'order', 'cash', 'plans'] as const;

/**
 * /template (spec 01 §2 "Template credit screen"): the balance in yuan with a top-up button,
 * the expense record (time, template, amount) 10 a page, what was added (top-ups, plans, gift
 * codes, grants: where the balance came from, docs/decisions/056), and the four usage tips.
 */
export function TemplateScreen() {
  return <UserScreen screen="template">{(userId) => <TemplateCredit userId={userId} />}</UserScreen>;
}

function TemplateCredit({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    /* Both first answers before anything shows: the records would push the tips down. */
    <SettledTogether
      queries={[
        templateCreditOptions(userId),
        templateRecordsOptions(userId, FIRST_RECORDS_PAGE),
        templateAdditionsOptions(userId, FIRST_RECORDS_PAGE),
      ]}
    >
      <Balance userId={userId} />
      <Records userId={userId} />
      <Additions userId={userId} />
      <Section title={t('template:tips.title')} headingId="template-tips" gap="xs">
        <NoteList items={tips.map((tip) => t(`template:tips.${tip}`))} />
      </Section>
    </SettledTogether>
  );
}

function Balance({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { region } = useBuildContext();
  const credit = useTemplateCredit(userId);
  if (credit.isError)
    return <LoadFailed message={t('template:balance.loadFailed')} onRetry={() => void credit.refetch()} />;
  return (
    <Paper withBorder radius="md" p="lg" maw={520} component="section" aria-labelledby="template-balance">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" id="template-balance">
            {t('template:balance.label')}
          </Text>
          {credit.isPending ? (
            <Loading />
          ) : (
            <Text fz={28} fw={700} c="blue.8">
              {formatCurrency(credit.data, language, 'CNY')}
            </Text>
          )}
        </Stack>
        {/* Credit is kept in yuan and sold on the purchase screen of the domestic build only. */}
        <BuyButton
          choice={region === 'domestic' ? { kind: 'template_credit' } : null}
          elsewhere={templateTopUpPage(language)}
        >
          {t('template:balance.topUp')}
        </BuyButton>
      </Group>
    </Paper>
  );
}

function Records({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [page, setPage] = useState(FIRST_RECORDS_PAGE);
  const records = usePagedQuery(templateRecordsOptions(userId, page));
  const headingId = useId();

  return (
    <PagedSection
      query={records}
      count={(data) => data.count}
      empty={t('template:records.empty')}
      loadFailed={t('template:records.loadFailed')}
      paging={{ page, pageSize: TEMPLATE_RECORD_PAGE_SIZE, onPage: setPage, label: t('template:records.pages') }}
      title={t('template:records.title')}
      headingId={headingId}
    >
      {(data) => (
        <Table striped verticalSpacing="sm" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('template:records.time')}</Table.Th>
              <Table.Th>{t('template:records.template')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('template:records.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.list.map((record) => (
              <Table.Tr key={record.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(record.created_at, 'dateTime')}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.work_title}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  {formatCurrency(record.price, language, 'CNY')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PagedSection>
  );
}

/** Credit added to the account, newest first: when, from where, how much, what is left and until when. */
function Additions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [page, setPage] = useState(FIRST_RECORDS_PAGE);
  const added = usePagedQuery(templateAdditionsOptions(userId, page));
  const headingId = useId();
  const money = (fen: number) => formatCurrency(fen, language, 'CNY');

  return (
    <PagedSection
      query={added}
      count={(data) => data.count}
      empty={t('template:added.empty')}
      loadFailed={t('template:added.loadFailed')}
      paging={{ page, pageSize: TEMPLATE_RECORD_PAGE_SIZE, onPage: setPage, label: t('template:added.pages') }}
      title={t('template:added.title')}
      headingId={headingId}
    >
      {(data) => (
        <RecordTable
          rows={data.list}
          rowKey={(row) => row.id}
          labelledBy={headingId}
          columns={[
            { header: t('template:added.time'), cell: (row) => formatDate(row.created_at, 'dateTime', language) },
            { header: t('template:added.source'), cell: (row) => t(`template:added.sources.${row.source}`) },
            { header: t('template:added.amount'), numeric: true, cell: (row) => money(row.amount) },
            { header: t('template:added.remaining'), numeric: true, cell: (row) => money(row.remaining) },
            {
              header: t('template:added.expiry'),
              cell: (row) =>
                row.expires_at === null ? t('template:added.never') : formatDate(row.expires_at, 'date', language),
            },
          ]}
        />
      )}
    </PagedSection>
  );
}
