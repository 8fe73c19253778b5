import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildContext } from '../../../lib/build-context';
import { readBuyChoice } from '../../../lib/buy-link';
import { useLanguage } from '../../../lib/i18n';
import { useLocation } from '../../../lib/router';
import { type Checkout, type CheckoutRequest, useCreateCheckout } from '../api/create-checkout';
import type { CheckoutCatalogue, CheckoutOffer } from '../api/get-catalogue';
import type { TeamToGrow } from '../api/get-team';
import { purchaseName } from '../labels';
import { buildProduct, initialSelection, repeatRequest } from '../selection';
import { ChoiceStep } from './ChoiceStep';
import { PayFlow } from './PayFlow';
import { TEAM_PATH } from './Refused';

/**
 * The purchase, from choice to outcome. The address preselects the choice; a link that names
 * another choice while the screen stays mounted (visited screens stay alive) starts from it
 * again, but a payment still waiting stays on show until it is paid or abandoned — a transfer's
 * details must not vanish under the buyer. One that has settled gives way to the new choice.
 */
export function PurchaseFlow({
  userId,
  catalogue,
  team,
}: {
  userId: number;
  catalogue: CheckoutCatalogue;
  /** The team whose seats are bought (the upgrade, TeamPurchase): business terms only, for it. */
  team?: TeamToGrow | undefined;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const build = useBuildContext();
  const { search } = useLocation();
  const choice = team ? { ...readBuyChoice(search), kind: 'business' } : readBuyChoice(search);
  const choiceKey = JSON.stringify(choice);
  const choose = () => initialSelection(catalogue, choice, buildProduct(build));
  const [selection, setSelection] = useState(choose);
  const [chosenFor, setChosenFor] = useState(choiceKey);
  const [paying, setPaying] = useState<{ checkout: Checkout; offer: CheckoutOffer; settled: boolean } | null>(null);
  // Adjusted while rendering, so the new choice shows in this render.
  if (chosenFor !== choiceKey) {
    setChosenFor(choiceKey);
    setSelection(choose());
    if (paying?.settled) setPaying(null);
  }

  const create = useCreateCheckout(userId);
  const open = (request: CheckoutRequest, offer: CheckoutOffer) =>
    create.mutate(team ? { ...request, team_id: team.id } : request, {
      onSuccess: (checkout) => setPaying({ checkout, offer, settled: false }),
    });
  const settled = useCallback(() => setPaying((current) => current && { ...current, settled: true }), []);
  const back = () => {
    create.reset();
    setPaying(null);
  };

  if (paying) {
    const { checkout, offer } = paying;
    return (
      <PayFlow
        key={checkout.out_trade_no}
        userId={userId}
        checkout={checkout}
        describe={(current) => purchaseName(t, offer, { ...current, team: team?.name }, language)}
        {...(team ? { destination: { path: TEAM_PATH, label: t('checkout:team.back') } } : {})}
        onBack={back}
        onSettled={settled}
        onRestart={() => open(repeatRequest(checkout), offer)}
        restarting={create.isPending}
        restartFailure={create.error}
      />
    );
  }
  return (
    <ChoiceStep
      team={team}
      catalogue={catalogue}
      selection={selection}
      onChange={setSelection}
      onPay={open}
      paying={create.isPending}
      failure={create.error}
    />
  );
}
