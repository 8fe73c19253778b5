import { type Region, logoutRoute } from '@account-centre/contract';
import { apiCall } from '../../lib/api';
import { languageFromSearch } from '../../lib/i18n';
import { clearSession } from '../../lib/session';

/**
 * The address to reload after signing out: the same page, in the language of its `lang`
 * parameter, or the build's language when it has none (spec 01 §4, spec 02 §2).
 */
export function addressAfterSignOut(href: string, region: Region): string {
  const url = new URL(href);
  url.searchParams.set('lang', languageFromSearch(url.search, region));
  return url.toString();
}

/**
 * Ends the session on the server, forgets it here, then reloads the page so no signed-in data
 * stays in memory. A failed logout call (offline, token already expired) still signs this
 * browser out: the user asked to leave, and the server's session expires on its own.
 */
export async function signOut(
  region: Region,
  location: Pick<Location, 'href' | 'replace' | 'reload'> = window.location,
) {
  try {
    await apiCall(logoutRoute);
  } catch {
    // See above: signing out here must not depend on the server answering.
  }
  clearSession();
  const next = addressAfterSignOut(location.href, region);
  if (next === location.href) location.reload();
  else location.replace(next);
}
