import type { ClosingForfeitItem } from '@account-centre/contract';
import { Alert, List } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { formatCurrency, formatNumber, type Language, useLanguage } from '../../../lib/i18n';
import { useClosingForfeits } from '../api/get-closing-forfeits';

/** One line of the list: what is held and what closing does to it. Income and credit are yuan. */
function forfeitText(t: TFunction, language: Language, item: ClosingForfeitItem): string {
  const yuan = (fen: number) => formatCurrency(fen, language, 'CNY');
  switch (item.kind) {
    case 'income':
      return t('accountClose:forfeits.income', { amount: yuan(item.fen) });
    case 'withdrawal_pending':
      return t('accountClose:forfeits.withdrawalPending', { amount: yuan(item.fen) });
    case 'income_owed':
      return t('accountClose:forfeits.incomeOwed', { amount: yuan(item.fen) });
    case 'ai_points':
      return t('accountClose:forfeits.aiPoints', { count: item.points, points: formatNumber(item.points, language) });
    case 'template_credit':
      return t('accountClose:forfeits.templateCredit', { amount: yuan(item.fen) });
    case 'coupons':
      return t('accountClose:forfeits.coupons', { count: item.count });
    case 'companies_created':
      return t('accountClose:forfeits.companiesCreated', { count: item.count });
    case 'teams_owned': {
      const teams = t('accountClose:forfeits.teamsOwned', { count: item.count });
      return item.members > 0 ? `${teams} ${t('accountClose:forfeits.teamMembers', { count: item.members })}` : teams;
    }
  }
}

/**
 * What the account still holds that closing it gives up (money, points, a coupon, company
 * spaces it created, teams it owns), read from the server when the closing dialog opens, so the
 * owner confirms knowing it. Nothing is shown when it holds nothing; a failed read says so, with
 * a retry, rather than letting the list's absence read as "nothing to lose".
 */
export function ClosingForfeits({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const forfeits = useClosingForfeits(userId);
  if (forfeits.isPending) return <Loading label={t('accountClose:forfeits.checking')} />;
  if (forfeits.isError) {
    return <LoadFailed message={t('accountClose:forfeits.loadFailed')} onRetry={() => void forfeits.refetch()} />;
  }
  if (forfeits.data.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('accountClose:forfeits.heading')}>
      <List size="sm" spacing={6}>
        {forfeits.data.map((item) => (
          <List.Item key={item.kind}>{forfeitText(t, language, item)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
