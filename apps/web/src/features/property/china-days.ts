/**
 * Income is a domestic build's screen: its days are China's (UTC+8, no daylight saving), as the
 * server counts them: the record tab's range.
 */
const CHINA = '+08:00';
const DAY = 86_400;

/** Today in China, YYYY-MM-DD. */
export function chinaToday(nowMs: number = Date.now()): string {
  return new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The same day a year earlier (the record tab's default start). */
export function aYearBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 365 * DAY * 1000).toISOString().slice(0, 10);
}

/** The first and last second of a China day. */
export const startOfDay = (day: string) => Date.parse(`${day}T00:00:00${CHINA}`) / 1000;
export const endOfDay = (day: string) => Date.parse(`${day}T23:59:59${CHINA}`) / 1000;
