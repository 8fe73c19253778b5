import { type PlanCoupon, checkoutItems, planCouponApplies } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { testCatalogue, testCheckout } from '../../testing/checkout';
import {
  type Selection,
  applicableCoupon,
  buildProduct,
  checkoutRequest,
  chosenOffer,
  initialSelection,
  priceOf,
  quantityOf,
  repeatRequest,
  tabsOf,
} from './selection';

const domestic = testCatalogue('domestic');
const overseas = testCatalogue('overseas');

describe('the purchase screen’s choice', () => {
  it('has the plan kinds and the top-ups the region sells, private deployment always', () => {
    expect(tabsOf(domestic)).toEqual([
      'personal',
      'business',
      'private',
      'ai_points',
      'ai_unlimited',
      'template_credit',
    ]);
    expect(tabsOf(overseas)).toEqual(['personal', 'business', 'private', 'ai_points', 'ai_unlimited']);
  });

  it('opens on the item a link names, on its tab, for the product it names', () => {
    const selection = initialSelection(
      domestic,
      { item: 'personal.lifetime', product: 'mind', kind: 'ai_points' },
      'max',
    );
    expect(selection).toMatchObject({ tab: 'personal', product: 'mind', method: 'wxpay', useCoupon: false });
    expect(chosenOffer(domestic, selection)?.key).toBe('personal.lifetime');
  });

  it('opens on a named tab at its first offer that does not renew by itself', () => {
    const personal = initialSelection(domestic, { kind: 'personal' }, 'max');
    expect(chosenOffer(domestic, personal)?.key).toBe('personal.oneYear');
    const points = initialSelection(overseas, { kind: 'ai_points' }, 'max');
    expect(points).toMatchObject({ tab: 'ai_points', method: 'card' });
    expect(chosenOffer(overseas, points)?.key).toBe('ai.points1000');
    expect(chosenOffer(domestic, { ...personal, tab: 'private' })).toBeNull();
  });

  it('ignores what the region does not sell or the address misspells', () => {
    expect(initialSelection(overseas, { item: 'template.credit30' }, 'max').tab).toBe('personal');
    expect(initialSelection(overseas, { kind: 'template_credit', product: 'project' }, 'mind')).toMatchObject({
      tab: 'personal',
      product: 'mind',
    });
  });

  it('takes the product from the build when the link names none', () => {
    expect(buildProduct({ tend: 'mindmaster', from: null })).toBe('mind');
    expect(buildProduct({ tend: null, from: 'mindmaster' })).toBe('mind');
    expect(buildProduct({ tend: 'project', from: null })).toBe('max');
    expect(buildProduct({ tend: null, from: null })).toBe('max');
  });

  it('asks for a personal plan’s product, a business plan’s seats within the limit, and one of anything else', () => {
    const base: Selection = {
      tab: 'personal',
      items: {},
      product: 'mind',
      seats: 5,
      method: 'alipay',
      useCoupon: false,
    };
    const plan = chosenOffer(domestic, base)!;
    expect(checkoutRequest(domestic, plan, base)).toEqual({
      item: 'personal.oneYear',
      product: 'mind',
      method: 'alipay',
    });

    const business = { ...base, tab: 'business' as const, items: { business: 'business.oneYear' } };
    const seats = chosenOffer(domestic, business)!;
    expect(checkoutRequest(domestic, seats, business)).toEqual({
      item: 'business.oneYear',
      quantity: 5,
      method: 'alipay',
    });
    expect(quantityOf(seats, { ...business, seats: 5000 })).toBe(1000);
    expect(quantityOf(seats, { ...business, seats: 0 })).toBe(1);

    const points = { ...base, tab: 'ai_points' as const };
    expect(checkoutRequest(domestic, chosenOffer(domestic, points)!, points)).toEqual({
      item: 'ai.points1000',
      method: 'alipay',
    });
  });

  describe('with a coupon for plans', () => {
    const coupon = {
      id: 3,
      type: 1 as const,
      value: 5000,
      currency: 'CNY' as const,
      min_spend: 20_000,
      product: 'mind' as const,
      info: '¥50 off mind-map plans',
      exp: null,
    };
    const catalogue = { ...domestic, coupon };
    const mindPlan: Selection = {
      tab: 'personal',
      items: { personal: 'personal.oneYear' },
      product: 'mind',
      seats: 1,
      method: 'wxpay',
      useCoupon: true,
    };
    const offer = (selection: Selection) => chosenOffer(catalogue, selection)!;

    it('takes it off where it applies, once asked to, as the server would', () => {
      expect(applicableCoupon(catalogue, offer(mindPlan), mindPlan)).toMatchObject({
        minSpend: 20_000,
        product: 'mind',
      });
      expect(priceOf(catalogue, offer(mindPlan), mindPlan)).toEqual({ list: 28_000, discount: 5000, amount: 23_000 });
      expect(checkoutRequest(catalogue, offer(mindPlan), mindPlan)).toEqual({
        item: 'personal.oneYear',
        product: 'mind',
        method: 'wxpay',
        use_coupon: true,
      });
      const unasked = { ...mindPlan, useCoupon: false };
      expect(priceOf(catalogue, offer(unasked), unasked).discount).toBe(0);
      expect(checkoutRequest(catalogue, offer(unasked), unasked)).not.toHaveProperty('use_coupon');
    });

    it('leaves it out for another product, a top-up, or below its least spend', () => {
      const diagram = { ...mindPlan, product: 'max' as const };
      const points = { ...mindPlan, tab: 'ai_points' as const };
      const cheap = { ...mindPlan, items: { personal: 'personal.continuousYearly' } };
      for (const selection of [diagram, points, cheap]) {
        expect(applicableCoupon(catalogue, offer(selection), selection)).toBeNull();
        expect(checkoutRequest(catalogue, offer(selection), selection)).not.toHaveProperty('use_coupon');
      }
      // A mind-map coupon also takes money off a business plan (a mind-map company).
      const business = { ...mindPlan, tab: 'business' as const, items: { business: 'business.oneYear' } };
      expect(priceOf(catalogue, offer(business), business).discount).toBe(5000);
    });

    it('asks the contract’s rule with the offer’s kind, which answers as it does for the whole item', () => {
      const coupons: PlanCoupon[] = (['max', 'mind', 'all'] as const).flatMap((product) =>
        [1, 2, 15].map((type) => ({ type, value: 10, currency: 'CNY' as const, minSpend: 0, product })),
      );
      for (const item of checkoutItems) {
        for (const terms of coupons) {
          for (const product of ['max', 'mind', null] as const) {
            const fromKind = planCouponApplies(terms, { kind: item.kind } as typeof item, product, 'CNY');
            expect(fromKind, `${item.key} ${JSON.stringify(terms)} ${product}`).toBe(
              planCouponApplies(terms, item, product, 'CNY'),
            );
          }
        }
      }
    });

    it('is asked for again when a payment that used it closed and starts again', () => {
      const closed = testCheckout({ state: 'closed', discount: 5000, amount: 23_000, product: 'mind' });
      expect(repeatRequest(closed)).toEqual({
        item: 'personal.oneYear',
        product: 'mind',
        method: 'wxpay',
        use_coupon: true,
      });
      expect(
        repeatRequest(testCheckout({ item: 'business.oneYear', kind: 'business', product: null, quantity: 3 })),
      ).toEqual({
        item: 'business.oneYear',
        quantity: 3,
        method: 'wxpay',
      });
    });
  });
});
