import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { ScreenLayout } from '../../components/ScreenLayout';
import { UnbuiltSection } from '../../components/UnbuiltSection';
import { useSession } from '../../lib/session';
import { ProductSwitcher } from './components/ProductSwitcher';
import { TeamView } from './components/TeamView';
import { type TeamPageProduct, useTeamProducts } from './hooks/use-team-products';

/**
 * /team (spec 02 §2 "Team page"): a switcher between the mind-map product — whose company page
 * comes later — and the diagram and project teams, opening on the first product the user has a
 * team in.
 */
export function TeamScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <ScreenLayout title={t('shell:screens.team')}>{session && <TeamProducts userId={session.userId} />}</ScreenLayout>
  );
}

function TeamProducts({ userId }: { userId: number }) {
  const { products, first } = useTeamProducts(userId);
  const [chosen, setChosen] = useState<TeamPageProduct | null>(null);
  // The product the page opened on stays on show when its team goes (the user left it): the
  // empty state says so, rather than the page jumping to another product.
  if (chosen === null && first !== null) setChosen(first);
  const product = chosen ?? first;
  if (!product) return <Loading />;
  return (
    <Stack gap="lg">
      <ProductSwitcher products={products} value={product} onChange={setChosen} />
      {product === 'mind' ? <UnbuiltSection /> : <TeamView key={product} userId={userId} product={product} />}
    </Stack>
  );
}
