import { CheckoutErrors, createCheckoutRoute, getCheckoutCatalogueRoute } from '@account-centre/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failWith, stubApi } from '../../testing/api';
import { testCatalogue, testHoldings } from '../../testing/checkout';
import { renderInLanguage } from '../../testing/render';
import { signedInForEachTest } from '../../testing/signed-in';
import { BuyScreen } from './BuyScreen';

signedInForEachTest(7);

const order = () => screen.getByRole('region', { name: /^(Your order|您的订单)$/ });
const notice = () => within(order()).queryByRole('status')?.textContent ?? null;
const pay = () => within(order()).getByRole('button', { name: /^(Pay|Nothing to pay for|无需付款|支付)/ });
const choose = (name: RegExp | string) => fireEvent.click(screen.getByRole('radio', { name }));

/** What the purchase screen says before payment about what the buyer holds (docs/decisions/056). */
describe('the purchase screen and what the buyer holds', () => {
  it('sells no plan of a product held for ever on every platform, and says so before anyone pays', async () => {
    stubApi().answer(getCheckoutCatalogueRoute, {
      data: testCatalogue('overseas', testHoldings({ max: { forever: true } })),
    });
    await renderInLanguage(<BuyScreen />, {
      path: '/buy?item=personal.lifetime&product=max',
      build: { region: 'overseas' },
    });
    await screen.findByRole('tablist', { name: 'What to buy' });
    expect(notice()).toBe(
      'You already hold Diagram for ever on every platform, so a plan would add nothing. There is nothing to pay for.',
    );
    expect((pay() as HTMLButtonElement).disabled).toBe(true);
    expect(pay().textContent).toBe('Nothing to pay for');
    // The same plan of the other product is sold as ever.
    choose('Mind map');
    expect(notice()).toBeNull();
    expect(pay().textContent).toBe('Pay $199.00');
    expect((pay() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says what each plan does to a subscription that renews, and refuses the one that renews already', async () => {
    stubApi().answer(getCheckoutCatalogueRoute, {
      data: testCatalogue('overseas', testHoldings({ max: { renewing: 'continuousYearly' } })),
    });
    await renderInLanguage(<BuyScreen />, { path: '/buy?product=max', build: { region: 'overseas' } });
    await screen.findByRole('tablist', { name: 'What to buy' });

    choose(/^1-year plan/);
    expect(notice()).toBe(
      "Your Diagram subscription (Yearly plan) keeps renewing itself: this plan's time is added after the time you hold, and the next renewal adds its period after that.",
    );
    expect((pay() as HTMLButtonElement).disabled).toBe(false);

    choose(/^Lifetime plan/);
    expect(notice()).toMatch(
      /^Your Diagram subscription \(Yearly plan\) stops renewing itself when this payment arrives/,
    );
    expect(pay().textContent).toBe('Pay $199.00');

    choose(/^Yearly plan/);
    expect(notice()).toMatch(/^Your Diagram subscription \(Yearly plan\) already renews itself/);
    expect((pay() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says it in the page’s language (zh)', async () => {
    stubApi().answer(getCheckoutCatalogueRoute, {
      data: testCatalogue('domestic', testHoldings({ mind: { renewing: 'halfYearContinuous' } })),
    });
    await renderInLanguage(<BuyScreen />, {
      path: '/buy?item=personal.continuousYearly&product=mind',
      language: 'zh',
      build: { region: 'domestic' },
    });
    await screen.findByRole('tablist');
    expect(notice()).toBe(
      '付款到账后，您的思维导图订阅（连续包半年）将停止自动续费，改由本套餐自动续费。本套餐的时长接在您现有授权到期之后。',
    );
  });

  it('says why Pay opened nothing when the server finds the plan held already (bought in another tab)', async () => {
    stubApi()
      .answer(getCheckoutCatalogueRoute, { data: testCatalogue('domestic') })
      .answer(createCheckoutRoute, failWith(CheckoutErrors.alreadyOwned));
    await renderInLanguage(<BuyScreen />, {
      path: '/buy?item=personal.lifetime&product=max',
      build: { region: 'domestic' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay CN¥780.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already hold this for ever on every platform: buying it again would add nothing. Nothing was charged.',
    );
  });
});
