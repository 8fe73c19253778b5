import { isPlainCompanyMember } from '@account-centre/contract';
import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNotice } from '../../../components/EmptyNotice';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { useBuildContext } from '../../../lib/build-context';
import { type Company, companiesQueryOptions } from './api/get-companies';
import { type CompanyTab, companyTabs, defaultCompanyTab, preferredCompany } from './company-rules';
import { CompanyMemberTab } from './components/CompanyMemberTab';
import { CompanyOrderTab } from './components/CompanyOrderTab';
import { CompanySettingsTab } from './components/CompanySettingsTab';
import { CompanySwitcher } from './components/CompanySwitcher';
import { CreateCompanyTab } from './components/CreateCompanyTab';
import { InvitationPrompt } from './components/InvitationPrompt';
import { useCompanyInvite } from './use-company-invite';

/**
 * The mind-map product's enterprise page (spec 02 §2 "Enterprise page (mind-map)"): an invitation
 * the address brings, the company switcher, and the tabs the build and the user's role in the
 * chosen company allow. The chosen company is the team page's (`chosenId`), so it stays chosen
 * while the user looks at another product.
 */
export function CompanyView({
  userId,
  chosenId,
  onChoose,
}: {
  userId: number;
  chosenId: number | null;
  onChoose: (companyId: number) => void;
}) {
  const { t } = useTranslation();
  const domestic = useBuildContext().region === 'domestic';
  const companies = useQuery(companiesQueryOptions(userId));
  const { invite, clear: clearInvite } = useCompanyInvite();
  const [chosenTab, setChosenTab] = useState<CompanyTab | null>(null);

  if (companies.isPending) return <Loading />;
  if (companies.isError)
    return <LoadFailed message={t('team:company.loadFailed')} onRetry={() => void companies.refetch()} />;

  const list = companies.data;
  const company = list.find((one) => one.id === chosenId) ?? preferredCompany(list);
  const tabs = companyTabs(domestic, company);
  // A tab chosen for another company, or by another role, gives way to the default.
  const tab = chosenTab && tabs.includes(chosenTab) ? chosenTab : defaultCompanyTab(domestic, company);
  const arrived = (next: Company) => {
    onChoose(next.id);
    setChosenTab(isPlainCompanyMember(next.user_type) ? null : 'order');
  };

  return (
    <Stack gap="lg">
      {invite && <InvitationPrompt userId={userId} invite={invite} onJoined={arrived} onSettled={clearInvite} />}
      {company && (
        <CompanySwitcher
          companies={list}
          value={company.id}
          onChange={(companyId) => {
            onChoose(companyId);
            setChosenTab(null);
          }}
        />
      )}
      {company && isPlainCompanyMember(company.user_type) && (
        <Paper withBorder radius="md" p="md">
          <Text size="sm">{t('team:company.memberNotice', { company: company.company_name })}</Text>
        </Paper>
      )}
      {!company && !domestic && (
        <Paper withBorder radius="md" py="xl" px="md">
          <EmptyNotice title={t('team:company.none')} description={t('team:company.noneHint')} />
        </Paper>
      )}
      {tab && (
        <Tabs value={tab} onChange={(next) => setChosenTab(next as CompanyTab)} keepMounted={false}>
          <Tabs.List aria-label={t('team:company.tabs.label')}>
            {tabs.map((one) => (
              <Tabs.Tab key={one} value={one}>
                {t(`team:company.tabs.${one}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="create" pt="md">
            <CreateCompanyTab userId={userId} onCreated={arrived} />
          </Tabs.Panel>
          {company && (
            <>
              <Tabs.Panel value="order" pt="md">
                <CompanyOrderTab userId={userId} company={company} />
              </Tabs.Panel>
              <Tabs.Panel value="members" pt="md">
                <CompanyMemberTab key={company.id} userId={userId} company={company} />
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="md">
                <CompanySettingsTab key={company.id} userId={userId} company={company} />
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      )}
    </Stack>
  );
}
