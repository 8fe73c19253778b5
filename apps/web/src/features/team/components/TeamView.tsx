import type { TeamProduct } from '@account-centre/contract';
import { Paper, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyNotice } from '../../../components/EmptyNotice';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { teamInfoQueryOptions } from '../api/get-team';
import { CurrentTeamProvider } from '../team-context';
import { MemberTab } from './MemberTab';
import { PlanTab } from './PlanTab';
import { TeamHeader } from './TeamHeader';

/**
 * The diagram or project team (spec 02 §2): its summary and the Member and Plan tabs, or the
 * empty state when the user has no team of the product.
 */
export function TeamView({ userId, product }: { userId: number; product: TeamProduct }) {
  const { t } = useTranslation();
  const info = useQuery(teamInfoQueryOptions(userId, product));
  if (info.isPending) return <Loading />;
  if (info.isError) return <LoadFailed message={t('team:loadFailed')} onRetry={() => void info.refetch()} />;
  if (!info.data)
    return (
      <Paper withBorder radius="md" py="xl" px="md">
        <EmptyNotice title={t('team:noTeam')} />
      </Paper>
    );
  return (
    <CurrentTeamProvider userId={userId} product={product} team={info.data}>
      <Stack gap="lg">
        <TeamHeader />
        <Tabs defaultValue="member" keepMounted={false}>
          <Tabs.List aria-label={t('team:tabs.label')}>
            <Tabs.Tab value="member">{t('team:tabs.member')}</Tabs.Tab>
            <Tabs.Tab value="plan">{t('team:tabs.plan')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="member" pt="md">
            <MemberTab />
          </Tabs.Panel>
          <Tabs.Panel value="plan" pt="md">
            <PlanTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </CurrentTeamProvider>
  );
}
