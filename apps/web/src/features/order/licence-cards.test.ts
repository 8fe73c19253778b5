import { describe, expect, it } from 'vitest';
import { FOREVER_EXPIRY } from '@account-centre/contract';
import { testLicence } from '../../testing/licence';
import { licenceCards, lineEnd } from './licence-cards';

const row = testLicence;

describe('a platform line', () => {
  it('shows forever past the threshold, the date while active and nothing once expired', () => {
    expect(lineEnd({ state: 'forever', endTime: 'forever' })).toBe('forever');
    expect(lineEnd({ state: 'active', endTime: 1_900_000_000 })).toBe(1_900_000_000);
    expect(lineEnd({ state: 'expired', endTime: 1_600_000_000 })).toBeNull();
  });
});

describe('licence cards', () => {
  it('make one card per product with a line per platform group', () => {
    const { personal, team } = licenceCards([
      row({ platforms: ['online'], state: 'forever', endTime: FOREVER_EXPIRY }),
      row({ platforms: ['win', 'mac'] }),
      row({ platforms: ['mobile'], state: 'expired', endTime: 1_600_000_000 }),
      row({ product: 'mind', productName: 'Mind map', platforms: ['win'], v_type: 214 }),
    ]);
    expect(team).toEqual([]);
    // A card carries what names its plan in the reader's language, not the stored name.
    expect(personal.map((card) => [card.product, card.orderType])).toEqual([
      ['max', null],
      ['mind', 214],
    ]);
    expect(personal[0]?.lines).toEqual([
      { platforms: ['online'], end: 'forever' },
      { platforms: ['win', 'mac'], end: 1_900_000_000 },
      { platforms: ['mobile'], end: null },
    ]);
  });

  it('say a licence has expired when all its platforms have, and offer renewal where the record allows', () => {
    const { personal } = licenceCards([
      row({
        product: 'mind',
        productName: 'Mind map half-year',
        state: 'expired',
        endTime: 1_600_000_000,
        can_renew: true,
      }),
      row({ platforms: ['win'] }),
      row({ platforms: ['mobile'], state: 'expired', endTime: 1_600_000_000 }),
    ]);
    const [diagram, mindMap] = [personal.find((c) => c.product === 'max'), personal.find((c) => c.product === 'mind')];
    expect(mindMap).toMatchObject({ expired: true, renew: true });
    // One platform still running: the card is not expired.
    expect(diagram?.expired).toBe(false);
  });

  it('keep team licences apart, with no plan actions', () => {
    const { personal, team } = licenceCards([
      row({ can_renew: true }),
      row({ scope: 'team', group: 'Design team', platforms: ['desktop'], can_renew: true, showCancel: true }),
    ]);
    expect(personal).toHaveLength(1);
    expect(team).toEqual([
      expect.objectContaining({ group: 'Design team', renew: false, cancel: false, renewal: null }),
    ]);
  });

  it('offer cancel only where the record allows it', () => {
    expect(licenceCards([row({ showCancel: true })]).personal[0]?.cancel).toBe(true);
    expect(licenceCards([row({ showCancel: false, can_renew: true })]).personal[0]).toMatchObject({
      cancel: false,
      renew: true,
    });
  });

  it('say whether the subscription renews itself or its renewal was cancelled', () => {
    expect(licenceCards([row({ renewal: 'auto', showCancel: true })]).personal[0]?.renewal).toBe('auto');
    expect(licenceCards([row({ renewal: 'cancelled', can_renew: true })]).personal[0]).toMatchObject({
      renewal: 'cancelled',
      cancel: false,
      renew: true,
    });
    expect(licenceCards([row({})]).personal[0]?.renewal).toBeNull();
  });

  it('show the store’s manage link instead of cancel', () => {
    const [card] = licenceCards([
      row({ showCancel: true, showManage: true, manage_url: 'https://apps.apple.com/account/subscriptions' }),
    ]).personal;
    expect(card).toMatchObject({ cancel: false, manageUrl: 'https://apps.apple.com/account/subscriptions' });
  });

  it('carry the latest plan dates and the project upgrade service', () => {
    const [card] = licenceCards([
      row({ product: 'proj', updateEndTime: 1_800_000_000, serviceEndTime: 1_800_000_000, upgrade_service_years: 5 }),
      row({ product: 'proj', platforms: ['linux'], updateEndTime: 1_850_000_000, serviceEndTime: 'forever' }),
    ]).personal;
    expect(card).toMatchObject({ updateEnd: 1_850_000_000, serviceEnd: 'forever', upgradeServiceYears: 5 });
  });
});
