import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../../components/PagedSection';
import { RecordTable } from '../../../components/RecordTable';
import { formatDate, formatNumber, useLanguage } from '../../../lib/i18n';
import { useAiPointAcquisitions } from '../api/get-ai-point-acquisitions';
import { sourceLabel } from '../labels';

/** Acquisitions come as one list (getAIPointGetList); they are shown this many a page. */
export const ACQUISITION_PAGE_SIZE = 10;

/** Every acquisition: when, how, its source, its points, what is left and when it expires. */
export function AcquisitionHistory({ userId, labelledBy }: { userId: number; labelledBy: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const acquisitions = useAiPointAcquisitions(userId);

  return (
    <PagedSection
      query={acquisitions}
      count={(data) => data.length}
      empty={t('aipoint:acquisition.empty')}
      loadFailed={t('aipoint:acquisition.loadFailed')}
      paging={{ page, pageSize: ACQUISITION_PAGE_SIZE, onPage: setPage, label: t('aipoint:acquisition.pages') }}
    >
      {(data) => (
        <RecordTable
          rows={data.slice((page - 1) * ACQUISITION_PAGE_SIZE, page * ACQUISITION_PAGE_SIZE)}
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
      )}
    </PagedSection>
  );
}
