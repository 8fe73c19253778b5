import { NICKNAME_MAX_LENGTH } from '@account-centre/contract';

/**
 * A nickname as stored: trimmed, 1 to 32 characters (spec 01 §5), counted in code points so
 * that a Chinese name or an emoji counts as the characters a person sees. Null when invalid.
 * (Brand names and sensitive words are screened by a later rule.)
 */
export function normaliseNickName(value: string): string | null {
  const trimmed = value.trim();
  const length = [...trimmed].length;
  return length >= 1 && length <= NICKNAME_MAX_LENGTH ? trimmed : null;
}

/** The first 32 characters of a suggested name, for defaults derived from an address. */
export function clipNickName(value: string): string {
  return [...value.trim()].slice(0, NICKNAME_MAX_LENGTH).join('');
}
