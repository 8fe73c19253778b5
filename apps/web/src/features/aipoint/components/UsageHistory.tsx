import { aiUsagePageSizes } from '@account-centre/contract';
import { Badge, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../../components/PagedSection';
import { RecordTable } from '../../../components/RecordTable';
import { formatDate, formatNumber, useLanguage } from '../../../lib/i18n';
import { useAiPointUsage } from '../api/get-ai-point-usage';
import { featureLabel, productLabel } from '../labels';

/**
 * Every use of points, newest first, a page at a time (10, 20 or 50 a page, spec 01 §9): when,
 * which feature by name, the points it took, the balance after it and the product. A page seen
 * once is shown again without asking; a new page size starts at page 1.
 */
export function UsageHistory({ userId, labelledBy }: { userId: number; labelledBy: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [pageSize, setPageSize] = useState<number>(aiUsagePageSizes[0]);
  const [page, setPage] = useState(1);
  const usage = useAiPointUsage(userId, pageSize, page);

  return (
    <PagedSection
      query={usage}
      count={(data) => data.count}
      empty={t('aipoint:usage.empty')}
      loadFailed={t('aipoint:usage.loadFailed')}
      paging={{ page, pageSize, onPage: setPage, label: t('aipoint:usage.pages') }}
      beside={
        <NativeSelect
          size="xs"
          label={t('aipoint:usage.pageSize')}
          value={String(pageSize)}
          data={aiUsagePageSizes.map(String)}
          onChange={(event) => {
            setPageSize(Number(event.currentTarget.value));
            setPage(1);
          }}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
      }
    >
      {(data) => (
        <RecordTable
          rows={data.list}
          rowKey={(use) => use.id}
          labelledBy={labelledBy}
          columns={[
            { header: t('aipoint:usage.time'), cell: (use) => formatDate(use.create_tm, 'dateTime', language) },
            {
              header: t('aipoint:usage.feature'),
              cell: (use) => (
                <Group gap={6} wrap="wrap">
                  <span>{featureLabel(t, use.desc_type)}</span>
                  {use.unlimited && (
                    <Badge size="xs" variant="light" color="teal">
                      {t('aipoint:usage.unlimited')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { header: t('aipoint:usage.points'), numeric: true, cell: (use) => formatNumber(use.points, language) },
            { header: t('aipoint:usage.after'), numeric: true, cell: (use) => formatNumber(use.after_point, language) },
            { header: t('aipoint:usage.product'), cell: (use) => productLabel(t, use.product_type) },
          ]}
        />
      )}
    </PagedSection>
  );
}
