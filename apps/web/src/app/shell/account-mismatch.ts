import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toast';
import type { StoredSession } from '../../lib/session';

/** Spec 01 §8: accountWarn is shown for 2000 ms. */
export const ACCOUNT_WARN_MS = 2000;

/**
 * The desktop client says which user it is signed in as (`pcID`). When the page is signed in
 * as someone else, the user is warned once (spec 01 §2), so they do not manage the wrong
 * account by mistake.
 */
export function useAccountMismatchWarning(session: StoredSession | null, pcId: string | null): void {
  const { t } = useTranslation();
  const warned = useRef(false);
  useEffect(() => {
    if (warned.current || !session || !pcId || pcId === String(session.userId)) return;
    warned.current = true;
    showToast(t('shell:toast.accountWarn'), 'warning', ACCOUNT_WARN_MS, { id: 'account-warn' });
  }, [session, pcId, t]);
}
