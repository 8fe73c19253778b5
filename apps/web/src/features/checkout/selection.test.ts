import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../testing/checkout';
import {
  type Selection,
  buildProduct,
  checkoutRequest,
  chosenOffer,
  initialSelection,
  quantityOf,
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
    expect(selection).toMatchObject({ tab: 'personal', product: 'mind', method: 'wxpay' });
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
    const base: Selection = { tab: 'personal', items: {}, product: 'mind', seats: 5, method: 'alipay' };
    const plan = chosenOffer(domestic, base)!;
    expect(checkoutRequest(plan, base)).toEqual({ item: 'personal.oneYear', product: 'mind', method: 'alipay' });

    const business = { ...base, tab: 'business' as const, items: { business: 'business.oneYear' } };
    const seats = chosenOffer(domestic, business)!;
    expect(checkoutRequest(seats, business)).toEqual({ item: 'business.oneYear', quantity: 5, method: 'alipay' });
    expect(quantityOf(seats, { ...business, seats: 5000 })).toBe(1000);
    expect(quantityOf(seats, { ...business, seats: 0 })).toBe(1);

    const points = { ...base, tab: 'ai_points' as const };
    expect(checkoutRequest(chosenOffer(domestic, points)!, points)).toEqual({
      item: 'ai.points1000',
      method: 'alipay',
    });
  });
});
