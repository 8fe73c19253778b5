import { TEAM_PLAN_PAGE_SIZE } from '@account-centre/contract';
import { Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../../components/PagedSection';
import { RecordTable } from '../../../components/RecordTable';
import { formatNumber, useLanguage } from '../../../lib/i18n';
import { planPageQueryOptions } from '../api/get-plans';
import { planExpiry, planTypeName } from '../labels';
import { useCurrentTeam } from '../team-context';

/** The plan tab (spec 02 §2): each plan's name, end, seats and seats taken, 10 a page. */
export function PlanTab() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { ref } = useCurrentTeam();
  const [page, setPage] = useState(1);
  const plans = useQuery(planPageQueryOptions(ref, page));
  const headingId = useId();

  return (
    <Stack gap="sm">
      <VisuallyHidden id={headingId}>{t('team:plans.title')}</VisuallyHidden>
      <PagedSection
        query={plans}
        count={(data) => data.total}
        empty={t('team:plans.empty')}
        loadFailed={t('team:plans.loadFailed')}
        paging={{ page, pageSize: TEAM_PLAN_PAGE_SIZE, onPage: setPage, label: t('team:plans.pages') }}
      >
        {(data) => (
          <RecordTable
            rows={data.rows}
            rowKey={(plan) => plan.id}
            labelledBy={headingId}
            columns={[
              { header: t('team:plans.name'), cell: (plan) => planTypeName(t, plan.type) },
              {
                header: t('team:plans.expiry'),
                cell: (plan) =>
                  plan.is_expired ? (
                    <Text span size="sm" c="red">
                      {t('team:plans.expiredOn', { date: planExpiry(t, plan.expire, language) })}
                    </Text>
                  ) : (
                    planExpiry(t, plan.expire, language)
                  ),
              },
              { header: t('team:plans.max'), cell: (plan) => formatNumber(plan.max_num, language), numeric: true },
              { header: t('team:plans.used'), cell: (plan) => formatNumber(plan.plan_num, language), numeric: true },
            ]}
          />
        )}
      </PagedSection>
    </Stack>
  );
}
