import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServiceName } from '@account-centre/contract';

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/**
 * Which service a presented key belongs to, or null. Keys are compared as SHA-256 digests with
 * `timingSafeEqual`, and every configured key is compared whatever the outcome, so neither how
 * much of a key matched nor which service's it was shows in the answer's timing.
 */
export function serviceOfKey(
  keys: Partial<Record<ServiceName, string>>,
  presented: string | string[] | undefined,
): ServiceName | null {
  if (typeof presented !== 'string' || presented.length === 0) return null;
  const offered = digest(presented);
  let found: ServiceName | null = null;
  for (const [name, key] of Object.entries(keys) as [ServiceName, string][]) {
    if (timingSafeEqual(offered, digest(key)) && found === null) found = name;
  }
  return found;
}
