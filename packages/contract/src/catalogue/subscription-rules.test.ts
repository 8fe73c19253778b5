import { describe, expect, it } from 'vitest';
import {
  boughtProducts,
  canRenew,
  recommendableProducts,
  recommendedProducts,
  type RenewalFacts,
  renewalState,
  showCancelSubscription,
  showManageSubscription,
} from './subscription-rules.js';

const renewing: RenewalFacts = { type: 'subs', have_renew: true, is_99: false, product_id: 5371, channel: 'online' };

describe('cancel subscription (spec 01 §6)', () => {
  it.each([5371, 5380, 5370, 5378])('is shown overseas for a renewing subscription of product id %d', (id) => {
    expect(showCancelSubscription('overseas', { ...renewing, product_id: id })).toBe(true);
  });

  it('is never shown in the domestic build', () => {
    expect(showCancelSubscription('domestic', renewing)).toBe(false);
  });

  it('needs a subscription type, a renewing record and one of the four ids', () => {
    expect(showCancelSubscription('overseas', { ...renewing, type: 'version' })).toBe(false);
    expect(showCancelSubscription('overseas', { ...renewing, type: 'other' })).toBe(false);
    expect(showCancelSubscription('overseas', { ...renewing, have_renew: false })).toBe(false);
    expect(showCancelSubscription('overseas', { ...renewing, product_id: 5517 })).toBe(false);
    expect(showCancelSubscription('overseas', { ...renewing, product_id: null })).toBe(false);
  });

  it('gives way to the store’s manage link for an app-store subscription', () => {
    const store = { ...renewing, channel: 'app_store' as const };
    expect(showManageSubscription('overseas', store)).toBe(true);
    expect(showCancelSubscription('overseas', store)).toBe(false);
    expect(showManageSubscription('domestic', store)).toBe(false);
    expect(showManageSubscription('overseas', { ...store, have_renew: false })).toBe(false);
  });
});

describe('renew (spec 01 §6)', () => {
  it('is not offered for a 99-offer record', () => {
    expect(canRenew({ ...renewing, have_renew: false, is_99: true })).toBe(false);
    expect(canRenew({ ...renewing, have_renew: false, is_99: true, product_id: 1 })).toBe(false);
  });

  it('is not offered while a subscription of the cancellable ids renews itself', () => {
    expect(canRenew(renewing)).toBe(false);
    expect(canRenew({ ...renewing, have_renew: false })).toBe(true);
  });

  it('is never offered for an app-store subscription, of any product, renewing or not', () => {
    const store = { ...renewing, channel: 'app_store' as const, product_id: 5517 };
    expect(canRenew(store)).toBe(false);
    expect(canRenew({ ...store, have_renew: false })).toBe(false);
    expect(canRenew({ ...store, product_id: null })).toBe(false);
    // The same subscription bought on the web is renewed here.
    expect(canRenew({ ...store, channel: 'online' })).toBe(true);
  });

  it('is offered for other subscriptions, renewing or not, and never for a perpetual version', () => {
    expect(canRenew({ ...renewing, product_id: 5517 })).toBe(true);
    expect(canRenew({ ...renewing, product_id: null, have_renew: false })).toBe(true);
    expect(canRenew({ ...renewing, type: 'version', have_renew: false })).toBe(false);
  });
});

describe('renewal state of a licence card', () => {
  it('reads a renewing subscription as automatic, the store’s included', () => {
    expect(renewalState(renewing)).toBe('auto');
    expect(renewalState({ ...renewing, channel: 'app_store' })).toBe('auto');
    expect(renewalState({ ...renewing, product_id: 5517 })).toBe('auto');
  });

  it('reads a subscription of the cancellable ids that no longer renews as cancelled', () => {
    expect(renewalState({ ...renewing, have_renew: false })).toBe('cancelled');
  });

  it('says nothing of a fixed-term subscription or a perpetual version', () => {
    expect(renewalState({ ...renewing, have_renew: false, product_id: 5517 })).toBeNull();
    expect(renewalState({ ...renewing, have_renew: false, product_id: null })).toBeNull();
    expect(renewalState({ ...renewing, type: 'version' })).toBeNull();
    expect(renewalState({ ...renewing, type: 'other' })).toBeNull();
  });
});

describe('recommended products (spec 01 §2, §6)', () => {
  const none = { productId: null, bought: [] };

  it('offers every product domestically in Chinese', () => {
    expect(recommendedProducts({ region: 'domestic', language: 'zh', ...none })).toEqual([...recommendableProducts]);
  });

  it('hides project-type and math overseas', () => {
    const shown = recommendedProducts({ region: 'overseas', language: 'en', ...none });
    expect(shown).not.toContain('project');
    expect(shown).not.toContain('edrawMath');
    expect(shown).toContain('orgchart');
    expect(shown).toContain('max');
  });

  it('hides org, math and project for Japanese', () => {
    const shown = recommendedProducts({ region: 'domestic', language: 'jp', ...none });
    expect(shown).toEqual(['max', 'mindmaster', 'info', 'hb']);
  });

  it.each([5517, 5518, 5667, 5668])(
    'hides the diagram and mind-map recommendations overseas for product id %d',
    (id) => {
      const shown = recommendedProducts({ region: 'overseas', language: 'en', productId: id, bought: [] });
      expect(shown).toEqual(['orgchart', 'info', 'hb']);
      expect(recommendedProducts({ region: 'domestic', language: 'zh', productId: id, bought: [] })).toContain('max');
    },
  );

  it('leaves out what the user has bought', () => {
    const bought = boughtProducts(['max', 'infographic', 'cloudspace'], ['mind', 'ppt']);
    expect([...bought].sort()).toEqual(['info', 'max', 'mindmaster']);
    expect(recommendedProducts({ region: 'domestic', language: 'zh', productId: null, bought })).toEqual([
      'project',
      'orgchart',
      'edrawMath',
      'hb',
    ]);
  });
});
