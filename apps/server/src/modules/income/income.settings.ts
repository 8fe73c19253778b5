import { defineSettings, type SettingsReader } from '../../lib/settings.js';
import { CHINA_2026_HOLIDAYS, CHINA_2026_WORKDAYS, type PayoutCalendar } from './payout-calendar.js';

export interface IncomeSettings {
  /** Days off and weekend days worked in China, for withdrawals' payout dates (decision 034). */
  payoutCalendar: PayoutCalendar;
}

const calendarDefault = "China's 2026 days off and weekend days worked";

export const incomeSettings = defineSettings<IncomeSettings>({
  module: 'income',
  variables: [
    {
      name: 'PAYOUT_HOLIDAYS',
      default: calendarDefault,
      meaning:
        'YYYY-MM-DD list of days off: withdrawals are paid from the 10th of the next month, moved past these (decision 034)',
    },
    {
      name: 'PAYOUT_WORKDAYS',
      default: calendarDefault,
      meaning: 'YYYY-MM-DD list of weekend days worked, on which withdrawals are paid like on weekdays (decision 034)',
    },
  ],
  read: (reader) => ({
    payoutCalendar: {
      holidays: new Set(readDays(reader, 'PAYOUT_HOLIDAYS', CHINA_2026_HOLIDAYS)),
      workdays: new Set(readDays(reader, 'PAYOUT_WORKDAYS', CHINA_2026_WORKDAYS)),
    },
  }),
});

/** A comma-separated list of calendar days (YYYY-MM-DD); the default when the variable is unset. */
function readDays(reader: SettingsReader, name: string, fallback: readonly string[]): string[] {
  const raw = reader.env[name];
  if (raw === undefined) return [...fallback];
  const days = raw
    .split(',')
    .map((day) => day.trim())
    .filter(Boolean);
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
      reader.problem(`${name}: "${day}" is not a day (YYYY-MM-DD)`);
  }
  return days;
}
