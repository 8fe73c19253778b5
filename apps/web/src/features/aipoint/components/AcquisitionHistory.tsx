import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Pager } from '../../../components/Pager';
import { RecordTable } from '../../../components/RecordTable';
import { formatDate, formatNumber, useLanguage } from '../../../lib/i18n';
import { useAiPointAcquisitions } from '../api/get-ai-point-acquisitions';
import { sourceLabel } from '../labels';
import { Loading } from '../../../components/Loading';

/** Acquisitions come as one list (getAIPointGetList); they are shown this many a page. */
export const ACQUISITION_PAGE_SIZE = 10;

/** Every acquisition: when, how, its source, its points, what is left and when it expires. */
export function AcquisitionHistory({ userId, labelledBy }: { userId: number; labelledBy: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const acquisitions = useAiPointAcquisitions(userId);

  if (acquisitions.isPending) return <Loading />;
  if (acquisitions.isError)
    return <LoadFailed message={t('aipoint:acquisition.loadFailed')} onRetry={() => void acquisitions.refetch()} />;
  if (acquisitions.data.length === 0) return <Text c="dimmed">{t('aipoint:acquisition.empty')}</Text>;

  const pages = Math.ceil(acquisitions.data.length / ACQUISITION_PAGE_SIZE);
  const shown = acquisitions.data.slice((page - 1) * ACQUISITION_PAGE_SIZE, page * ACQUISITION_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <RecordTable
        rows={shown}
        rowKey={(row) => row.id}
        labelledBy={labelledBy}
        columns={[
          { header: t('aipoint:acquisition.time'), cell: (row) => formatDate(row.created_at, 'dateTime', language) },
          { header: t('aipoint:acquisition.method'), cell: (row) => t(`aipoint:methods.${row.method}`) },
          { header: t('aipoint:acquisition.source'), cell: (row) => sourceLabel(t, row.source) },
          {
            header: t('aipoint:acquisition.total'),
            numeric: true,
            cell: (row) => formatNumber(row.total_points, language),
          },
          {
            header: t('aipoint:acquisition.residue'),
            numeric: true,
            cell: (row) => formatNumber(row.residue_points, language),
          },
          {
            header: t('aipoint:acquisition.expiry'),
            cell: (row) =>
              row.exp_time === null ? t('aipoint:acquisition.never') : formatDate(row.exp_time, 'date', language),
          },
        ]}
      />
      {pages > 1 && (
        <Pager label={t('aipoint:acquisition.pages')} total={pages} value={page} onChange={setPage} size="sm" />
      )}
    </Stack>
  );
}
