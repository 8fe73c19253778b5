import type { UserRef } from '../modules/user/user.repository.js';
import { UsageError } from './cli.js';
import { intFlag } from './order-flags.js';

/** An account named by its id (digits) or its e-mail address. */
export function userRefFlag(name: string, value: string | undefined): UserRef {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    if (Number.isSafeInteger(id) && id >= 1) return { id };
  } else if (text.includes('@')) {
    return { email: text.toLowerCase() };
  }
  throw new UsageError(`--${name} must be a user id or an e-mail address`);
}

/** The id of a record (`--company 12` → "--company must be a company id" when it cannot be one). */
export function recordIdFlag(name: string, value: string | undefined): number {
  const id = intFlag(name, value);
  if (id === undefined || id < 1) throw new UsageError(`--${name} must be a ${name} id`);
  return id;
}
