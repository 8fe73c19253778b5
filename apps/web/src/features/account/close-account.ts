import { companyHome } from '../../lib/site-links';
import { clearToasts, showToast } from '../../components/toast';
import { getBuildContext } from '../../lib/build-context';
import { host } from '../../lib/host-bridge';
import { currentLanguage, i18n } from '../../lib/i18n';
import { clearSession } from '../../lib/session';

/** Spec 01 §8: the closeAccountSuccess toast shows 1500 ms. */
export const CLOSE_SUCCESS_TOAST_MS = 1500;

/** Spec 01 §4, §9: the page moves to the company home 3 s after the account is closed. */
export const REDIRECT_AFTER_CLOSE_MS = 3000;

/**
 * What follows a successful close, whichever way the owner proved it was them (a code, a
 * third-party sign-in): spec 01 §4 "confirmation modal, then logout, success tip, redirect to
 * the company home after 3 seconds".
 *
 * - The server has already deleted every session of the account, so the session is forgotten
 *   here at once: with no session no screen calls the API as that user any more, and the shell
 *   empties the query cache when the session changes hands. No logout call is made (its token
 *   is gone already).
 * - A desktop client is told to sign out, as it owns the sign-in there.
 * - Earlier toasts of the dialog ("code sent", a refused code) are cleared, so the success toast
 *   and the tip that the page moves on (with a spinner, kept until it does) stand alone.
 * - After 3 s the page is replaced by the company home (replace: Back must not return to an
 *   account that no longer exists).
 *
 * Its texts are in the `account` namespace, which every screen of the account page has loaded,
 * so any dialog that closes the account can call this.
 */
export function finishAccountClose(): void {
  const build = getBuildContext();
  clearSession();
  if (build.hostMode === 'desktop') host.signOut();
  clearToasts();
  showToast(i18n.t('account:actions.closed'), 'success', CLOSE_SUCCESS_TOAST_MS);
  showToast(i18n.t('account:actions.leaving', { seconds: REDIRECT_AFTER_CLOSE_MS / 1000 }), 'info', false, {
    loading: true,
    withCloseButton: false,
  });
  const home = companyHome(build.region, currentLanguage());
  window.setTimeout(() => window.location.replace(home), REDIRECT_AFTER_CLOSE_MS);
}
