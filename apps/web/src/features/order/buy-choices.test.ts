import { describe, expect, it } from 'vitest';
import { recommendationChoice, renewChoice } from './buy-choices';

describe('buying from the order screen', () => {
  it('renews a diagram or mind-map licence on the purchase screen, on its own plan when it ends by itself', () => {
    expect(renewChoice({ product: 'max', orderType: 209 })).toEqual({
      kind: 'personal',
      product: 'max',
      item: 'personal.oneYear',
    });
    expect(renewChoice({ product: 'mind', orderType: 216 })).toEqual({
      kind: 'personal',
      product: 'mind',
      item: 'personal.twoYears',
    });
    // A renewing plan, or a plan of no catalogue entry: the product's plans, none chosen.
    expect(renewChoice({ product: 'max', orderType: 220 })).toEqual({ kind: 'personal', product: 'max' });
    expect(renewChoice({ product: 'mind', orderType: 14 })).toEqual({ kind: 'personal', product: 'mind' });
    expect(renewChoice({ product: 'max', orderType: null })).toEqual({ kind: 'personal', product: 'max' });
  });

  it('leaves the products it does not sell to the company site', () => {
    expect(renewChoice({ product: 'proj', orderType: 209 })).toBeNull();
    expect(recommendationChoice('mindmaster')).toEqual({ kind: 'personal', product: 'mind' });
    expect(recommendationChoice('max')).toEqual({ kind: 'personal', product: 'max' });
    expect(recommendationChoice('hb')).toBeNull();
    expect(recommendationChoice('project')).toBeNull();
  });
});
