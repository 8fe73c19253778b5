import { describe, expect, it } from 'vitest';
import { usageSeries } from './usage-series';

const FIRST = 1_795_000_000;
const use = (day: number, product_type: number, desc_type: number, points: number) => ({
  day,
  product_type,
  desc_type,
  points,
});

describe('the usage chart’s series', () => {
  const reply = {
    first_day: FIRST,
    list: [
      use(0, 2, 1, 10),
      use(0, 1, 1011, 30),
      use(3, 2, 2, 5),
      use(3, 2, 3, 6),
      use(3, 2, 4, 7),
      use(29, 1, 1021, 8),
      use(29, 2, 1, 2),
    ],
  };

  it('has one bar per day of the 30, each day starting a day after the one before', () => {
    const series = usageSeries(reply, 'product');
    expect(series.days).toHaveLength(30);
    expect(series.days[0]?.start).toBe(FIRST);
    expect(series.days[29]?.start).toBe(FIRST + 29 * 86_400);
    expect(series.days[1]).toMatchObject({ total: 0, values: { diagram: 0, mindMap: 0 } });
  });

  it('splits by product, the product that took more first', () => {
    const series = usageSeries(reply, 'product');
    expect(series.keys).toEqual(['diagram', 'mindMap']);
    expect(series.days[0]?.values).toEqual({ diagram: 30, mindMap: 10 });
    expect(series.days[29]?.values).toEqual({ diagram: 8, mindMap: 2 });
    expect(series).toMatchObject({ total: 68, most: 40 });
  });

  it('splits by the four features that took most, the rest as other', () => {
    const series = usageSeries(reply, 'feature');
    // 1011: 30, code 1: 12, 1021: 8, 4: 7 — then 3 (6) and 2 (5) are other.
    expect(series.keys).toEqual(['feature:1011', 'feature:1', 'feature:1021', 'feature:4', 'other']);
    expect(series.days[3]?.values).toMatchObject({ 'feature:4': 7, other: 11 });
    expect(series.days[3]?.total).toBe(18);
  });

  it('is empty, not broken, with no uses', () => {
    const series = usageSeries({ first_day: FIRST, list: [] }, 'feature');
    expect(series).toMatchObject({ keys: [], total: 0, most: 0 });
    expect(series.days.every((day) => day.total === 0)).toBe(true);
  });
});
