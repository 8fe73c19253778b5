import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { ScreenLayout } from '../../components/ScreenLayout';
import { useSession } from '../../lib/session';
import { CompanyView } from './company/CompanyView';
import { useCompanyInvite } from './company/use-company-invite';
import { ProductSwitcher } from './components/ProductSwitcher';
import { TeamView } from './components/TeamView';
import { type TeamPageProduct, useTeamProducts } from './hooks/use-team-products';

/**
 * /team (spec 02 §2 "Team page"): a switcher between the mind-map product's enterprise page and
 * the diagram and project teams, opening on the first product the user has a team in — or on the
 * enterprise page when the address brings an invitation to a company.
 */
export function TeamScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <ScreenLayout title={t('shell:screens.team')}>{session && <TeamProducts userId={session.userId} />}</ScreenLayout>
  );
}

function TeamProducts({ userId }: { userId: number }) {
  const { invite } = useCompanyInvite();
  const { products, first } = useTeamProducts(userId, { invited: invite !== null });
  const [chosen, setChosen] = useState<TeamPageProduct | null>(null);
  const [companyId, setCompanyId] = useState<number | null>(null);
  // The product the page opened on stays on show when its team goes (the user left it): the
  // empty state says so, rather than the page jumping to another product.
  if (chosen === null && first !== null) setChosen(first);
  const product = chosen ?? first;
  if (!product) return <Loading />;
  return (
    <Stack gap="lg">
      <ProductSwitcher products={products} value={product} onChange={setChosen} />
      {product === 'mind' ? (
        <CompanyView userId={userId} chosenId={companyId} onChoose={setCompanyId} />
      ) : (
        <TeamView key={product} userId={userId} product={product} />
      )}
    </Stack>
  );
}
