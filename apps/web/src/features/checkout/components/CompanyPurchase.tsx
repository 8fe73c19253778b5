import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { ApiError, errorText } from '../../../lib/api';
import { formatNumber, useLanguage } from '../../../lib/i18n';
import type { Checkout } from '../api/create-checkout';
import { type CheckoutCatalogue, useCheckoutCatalogue } from '../api/get-catalogue';
import { type Company, type CompanyPrices, useCompanies, useCompanyPrices } from '../api/get-company';
import { type CompanyPaymentRequest, usePayCompany } from '../api/pay-company';
import {
  type CompanyChange,
  type CompanySelection,
  changeOf,
  companyCheckoutErrors,
  companyRefusal,
  initialCompanySelection,
  termPlan,
} from '../company';
import { CompanyChoice } from './CompanyChoice';
import { PayFlow } from './PayFlow';
import { Refused, TEAM_PATH } from './Refused';

interface CompanyPurchaseProps {
  userId: number;
  /** The company a link names; null when what it names is no company id. */
  companyId: number | null;
  change: CompanyChange | null;
}

/** A failed read the server refused with a reason (not the creator, no such company), not a lost connection. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The purchase screen's company mode (spec 02 §4): more time (`change=time`) or more seats
 * (`change=seats`) for a mind-map company, paid like any purchase. Loaded with the team screen's
 * texts, where the company's refusals are worded.
 */
export function CompanyPurchase({ userId, companyId, change: asked }: CompanyPurchaseProps) {
  const { t } = useTranslation();
  // "Now" for the whole visit: whether the company has expired does not flip under the buyer.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const companies = useCompanies(userId);
  const company = companies.data?.find((candidate) => candidate.id === companyId);
  const change = company ? changeOf(company, asked) : (asked ?? 'time');
  const refusal = companies.data ? companyRefusal(company, change, now) : null;
  const allowed = company !== undefined && refusal === null;
  const prices = useCompanyPrices(userId, company?.id ?? 0, allowed);
  const catalogue = useCheckoutCatalogue(userId);

  if (companies.isPending) return <Loading />;
  if (companies.isError)
    return <LoadFailed message={t('checkout:company.loadFailed')} onRetry={() => void companies.refetch()} />;
  if (refusal || !company) {
    return <Refused text={errorText(t, refusal ?? {}, companyCheckoutErrors)} back={t('checkout:company.back')} />;
  }
  if (prices.isError && isRefusal(prices.error))
    return <Refused text={errorText(t, prices.error, companyCheckoutErrors)} back={t('checkout:company.back')} />;
  if (prices.isError || catalogue.isError) {
    const retry = () => void (prices.isError ? prices.refetch() : catalogue.refetch());
    return <LoadFailed message={t('checkout:company.loadFailed')} onRetry={retry} />;
  }
  if (prices.isPending || catalogue.isPending) return <Loading />;
  return (
    <CompanyFlow
      key={`${company.id}-${change}`}
      userId={userId}
      company={company}
      change={change}
      prices={prices.data}
      catalogue={catalogue.data}
      now={now}
    />
  );
}

interface CompanyFlowProps {
  userId: number;
  company: Company;
  change: CompanyChange;
  prices: CompanyPrices;
  catalogue: CheckoutCatalogue;
  now: number;
}

/** From the choice to the outcome, with the pay step and its watching shared with every purchase. */
function CompanyFlow({ userId, company, change, prices, catalogue, now }: CompanyFlowProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [selection, setSelection] = useState<CompanySelection>(() => initialCompanySelection(catalogue, prices));
  const [paying, setPaying] = useState<{ checkout: Checkout; request: CompanyPaymentRequest } | null>(null);
  const pay = usePayCompany(userId);
  const open = (request: CompanyPaymentRequest) =>
    pay.mutate(request, { onSuccess: (checkout) => setPaying({ checkout, request }) });
  const back = () => {
    pay.reset();
    setPaying(null);
  };
  // Nothing to hand over: the screen stays on this company until the buyer leaves it.
  const settled = useCallback(() => undefined, []);

  const describe = (checkout: Checkout) =>
    paying?.request.change === 'time'
      ? t('checkout:company.name.time', {
          term: t(`checkout:plans.business.${termPlan(paying.request.query.item)}`),
          company: company.company_name,
        })
      : t('checkout:company.name.seats', {
          seats: formatNumber(checkout.quantity, language),
          company: company.company_name,
        });

  if (paying) {
    return (
      <PayFlow
        key={paying.checkout.out_trade_no}
        userId={userId}
        checkout={paying.checkout}
        describe={describe}
        destination={{ path: TEAM_PATH, label: t('checkout:company.back') }}
        onBack={back}
        onSettled={settled}
        // The same payment asked for again: a coupon it took came back when it closed.
        onRestart={() => open(paying.request)}
        restarting={pay.isPending}
        restartFailure={pay.error}
      />
    );
  }
  return (
    <CompanyChoice
      company={company}
      change={change}
      prices={prices}
      catalogue={catalogue}
      now={now}
      selection={selection}
      onChange={setSelection}
      onPay={open}
      paying={pay.isPending}
      failure={pay.error}
    />
  );
}
