import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserScreen } from '../../components/ScreenLayout';
import { CashTab } from './components/CashTab';
import { IncomeRecordTab } from './components/IncomeRecordTab';

/**
 * /property (spec 01 §2 "Property (income) screen", domestic): withdrawing income to Alipay,
 * and the record of what was earned. Both reload when the tab becomes visible again (the
 * query client refetches on focus).
 */
export function PropertyScreen() {
  return <UserScreen screen="property">{(userId) => <PropertyTabs userId={userId} />}</UserScreen>;
}

function PropertyTabs({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="cash" keepMounted={false}>
      <Tabs.List aria-label={t('property:tabs.label')}>
        <Tabs.Tab value="cash">{t('property:tabs.cash')}</Tabs.Tab>
        <Tabs.Tab value="record">{t('property:tabs.record')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="cash" pt="lg">
        <CashTab userId={userId} />
      </Tabs.Panel>
      <Tabs.Panel value="record" pt="lg">
        <IncomeRecordTab userId={userId} />
      </Tabs.Panel>
    </Tabs>
  );
}
