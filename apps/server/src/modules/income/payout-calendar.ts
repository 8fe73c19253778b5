import { PAYOUT_DAY_OF_MONTH } from '@account-centre/contract';

/**
 * When withdrawals are paid (spec 01 §4): a month's requests from the 10th of the next month,
 * moved to the next working day in China when that is a weekend or a public holiday. China
 * swaps some weekends for holiday bridges, so a calendar lists both its days off and its
 * working weekend days (`PAYOUT_HOLIDAYS`, `PAYOUT_WORKDAYS`: YYYY-MM-DD lists).
 */
export interface PayoutCalendar {
  holidays: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
}

/**
 * Mainland China's statutory holidays of 2026 and the weekend days worked in exchange, as the
 * State Council published them. The year after is added to config when it is published.
 */
export const CHINA_2026_HOLIDAYS = [
  ...['2026-01-01', '2026-01-02', '2026-01-03'],
  ...['2026-02-15', '2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-21'],
  ...['2026-02-22', '2026-02-23'],
  ...['2026-04-04', '2026-04-05', '2026-04-06'],
  ...['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05'],
  ...['2026-06-19', '2026-06-20', '2026-06-21'],
  ...['2026-09-25', '2026-09-26', '2026-09-27'],
  ...['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07'],
];
export const CHINA_2026_WORKDAYS = ['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10'];

const CHINA_OFFSET_SECONDS = 8 * 3600;
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function isWorkingDay(date: Date, calendar: PayoutCalendar): boolean {
  const day = isoDay(date);
  if (calendar.workdays.has(day)) return true;
  if (calendar.holidays.has(day)) return false;
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The day (YYYY-MM-DD) a moment falls on in China. */
export function chinaDay(at: number): string {
  return isoDay(new Date((at + CHINA_OFFSET_SECONDS) * 1000));
}

/** The day (YYYY-MM-DD, China) from which a withdrawal asked for at `requestedAt` is paid. */
export function payoutDay(requestedAt: number, calendar: PayoutCalendar): string {
  // The request's calendar month in China, as a UTC date so that days step plainly.
  const local = new Date((requestedAt + CHINA_OFFSET_SECONDS) * 1000);
  let day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, PAYOUT_DAY_OF_MONTH));
  // No calendar has a run of holidays this long; the bound keeps a bad config from looping.
  for (let step = 0; step < 60 && !isWorkingDay(day, calendar); step++) day = new Date(day.getTime() + DAY_MS);
  return isoDay(day);
}
