import i18next from 'i18next';

/**
 * The localised text of a failure. API errors carry the i18n key of their account code or
 * server message (lib/api); a key this build has no text for, and anything that is not an API
 * error, reads as the generic request error, never as a raw server string (DESIGN.md §3).
 */
export function errorMessage(error: unknown): string {
  const key =
    typeof error === 'object' && error !== null && 'i18nKey' in error && typeof error.i18nKey === 'string'
      ? error.i18nKey
      : 'errors:generic';
  // The key is only known at run time; `exists` has just checked it, so widening the typed
  // key set here is safe.
  return i18next.t((i18next.exists(key) ? key : 'errors:generic') as 'errors:generic');
}
