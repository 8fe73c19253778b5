import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  licenceFamilyOf,
  orderListOf,
  orderLists,
  orderProductCodes,
  orderProductsOfList,
  receiptProductOf,
  receiptProducts,
} from './products.js';

describe('order product codes', () => {
  it('puts every order product code in exactly one of the spec’s order lists', () => {
    for (const code of orderProductCodes) {
      const list = orderListOf(code);
      expect(orderLists).toContain(list);
      expect(orderProductsOfList(list)).toContain(code);
    }
  });

  it('fills every order list of getOrder', () => {
    for (const list of orderLists) expect(orderProductsOfList(list).length).toBeGreaterThan(0);
  });

  it('names a receipt product of getInvoiceDownloadURL for every order, and uses all nine', () => {
    const used = new Set(orderProductCodes.map(receiptProductOf));
    expect([...used].sort()).toEqual([...receiptProducts].sort());
    expect(receiptProductOf('mindmaster')).toBe('mind');
    expect(receiptProductOf('cloudspace')).toBe('space');
    expect(receiptProductOf('servicePointsRecord')).toBe('point');
    expect(receiptProductOf('orgchart')).toBe('org');
    expect(receiptProductOf('project')).toBe('proj');
  });

  it('takes licence lengths only from the families §9 lists', () => {
    expect(licenceFamilyOf('max')).toBe('max');
    expect(licenceFamilyOf('infographic')).toBe('info');
    expect(licenceFamilyOf('cloudspace')).toBeNull();
    expect(licenceFamilyOf('edrawMath')).toBeNull();
  });
});

describe('formatAmount', () => {
  it('shows minor units with two decimals and the currency sign', () => {
    expect(formatAmount(28_000, 'CNY')).toBe('¥280.00');
    expect(formatAmount(4_999, 'USD')).toBe('$49.99');
    expect(formatAmount(5, 'USD')).toBe('$0.05');
    expect(formatAmount(0, 'CNY')).toBe('¥0.00');
    expect(formatAmount(123_456_789, 'CNY')).toBe('¥1,234,567.89');
    expect(formatAmount(-1_050, 'CNY')).toBe('-¥10.50');
  });

  it('refuses a fraction of a minor unit', () => {
    expect(() => formatAmount(1.5, 'CNY')).toThrow(RangeError);
  });
});
