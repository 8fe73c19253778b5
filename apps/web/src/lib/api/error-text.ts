import type { ErrorDomain } from '@account-centre/contract';
import type { TFunction } from 'i18next';
import { errorKey } from './api-error';

export interface ErrorTextOptions {
  /** The catalogue domains of the screen's calls (`[OrderErrors]`), read before the shared ones. */
  domains?: readonly ErrorDomain[];
  /**
   * The screen's own words for a failure the catalogue has no text for (downloadReceiptFail,
   * changeError), instead of the generic request error.
   */
  fallback?: string;
}

/**
 * The localised text of any failure: an ApiError, the `{msg, code?}` of an answer or of a
 * posted flow result, or anything else (the generic request error). The one way the app turns a
 * failure into words (docs/architecture.md#errors); the keys come from the contract's error catalogue.
 *
 * A key whose namespace is not loaded, or unknown to this build, falls through to the next one,
 * so nothing raw is ever shown.
 */
export function errorText(t: TFunction, error: unknown, options: ErrorTextOptions = {}): string {
  const keys = [keyOf(error, options.domains)];
  if (options.fallback && keys[0] === 'errors:generic') keys.unshift(options.fallback);
  keys.push('errors:generic');
  // The keys are known only at run time; i18next returns the first that exists.
  return (t as unknown as (keys: string[]) => string)(keys);
}

function keyOf(error: unknown, domains: readonly ErrorDomain[] = []): string {
  if (typeof error !== 'object' || error === null) return 'errors:generic';
  const { msg, code, i18nKey } = error as { msg?: unknown; code?: unknown; i18nKey?: unknown };
  // No answer to read (offline, a proxy's page): the client has named the failure itself.
  if (msg === '' && typeof i18nKey === 'string') return i18nKey;
  if (typeof msg !== 'string') return 'errors:generic';
  return errorKey({ msg, code: typeof code === 'number' ? code : 0 }, domains);
}
