import { FOREVER_EXPIRY } from '@account-centre/contract';
import { UsageError } from './cli.js';

/** A whole number from a flag; `undefined` stays undefined. */
export function intFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`--${name} must be a whole number`);
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new UsageError(`--${name} is too large`);
  return number;
}

/**
 * A moment from a flag: unix seconds, a date (`2026-11-22`, midnight UTC) or an ISO date and
 * time; `forever` is the stored forever expiry.
 */
export function timeFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === 'forever') return FOREVER_EXPIRY;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
    const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
    if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
  }
  throw new UsageError(`--${name} must be unix seconds, YYYY-MM-DD, an ISO date-time or "forever"`);
}

export function boolFlag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  throw new UsageError(`--${name} must be true or false`);
}

/** The comma-separated list of a flag, without blanks. */
export function listFlag(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
