import { AI_USAGE_CHART_DAYS, aiProductTypes } from '@account-centre/contract';
import type { AiPointDailyUse } from './api/get-ai-point-daily-use';

/** How the chart splits each day's bar: by product, or by the features that took the most. */
export type ChartSplit = 'product' | 'feature';

/** The features named in the chart; the rest are summed as "other". */
export const CHART_TOP_FEATURES = 4;

/** A part of each day's bar: a product, one of the top features (its code), or the other features. */
export type SeriesKey = 'diagram' | 'mindMap' | `feature:${number}` | 'other';

export interface UsageDay {
  /** The day's start, unix seconds. */
  start: number;
  /** Points per series; every series has a value, 0 when none. */
  values: Record<SeriesKey, number>;
  total: number;
}

export interface UsageSeries {
  /** Biggest first (by points over the 30 days); "other" last. */
  keys: SeriesKey[];
  days: UsageDay[];
  total: number;
  /** The most points used on one day. */
  most: number;
}

const DAY = 86_400;

function keyOf(split: ChartSplit, use: AiPointDailyUse['list'][number], top: ReadonlySet<number>): SeriesKey {
  if (split === 'product') return use.product_type === aiProductTypes.diagram ? 'diagram' : 'mindMap';
  return top.has(use.desc_type) ? `feature:${use.desc_type}` : 'other';
}

/**
 * Turns the server's sums per day, product and feature into one bar per day of the last 30,
 * split by product or by the top features (ties by code, so the order never flickers).
 */
export function usageSeries(reply: AiPointDailyUse, split: ChartSplit): UsageSeries {
  const byFeature = new Map<number, number>();
  for (const use of reply.list) byFeature.set(use.desc_type, (byFeature.get(use.desc_type) ?? 0) + use.points);
  const ranked = [...byFeature].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const top = new Set(ranked.slice(0, CHART_TOP_FEATURES).map(([code]) => code));

  const totals = new Map<SeriesKey, number>();
  for (const use of reply.list) {
    const key = keyOf(split, use, top);
    totals.set(key, (totals.get(key) ?? 0) + use.points);
  }
  const keys = [...totals]
    .sort((a, b) => (a[0] === 'other' ? 1 : b[0] === 'other' ? -1 : b[1] - a[1] || a[0].localeCompare(b[0])))
    .map(([key]) => key);

  const days: UsageDay[] = Array.from({ length: AI_USAGE_CHART_DAYS }, (_, day) => ({
    start: reply.first_day + day * DAY,
    values: Object.fromEntries(keys.map((key) => [key, 0])) as Record<SeriesKey, number>,
    total: 0,
  }));
  for (const use of reply.list) {
    const day = days[use.day];
    if (!day) continue;
    day.values[keyOf(split, use, top)] += use.points;
    day.total += use.points;
  }
  const total = days.reduce((sum, day) => sum + day.total, 0);
  const most = days.reduce((max, day) => Math.max(max, day.total), 0);
  return { keys, days, total, most };
}
