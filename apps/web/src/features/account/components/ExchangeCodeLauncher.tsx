import { Suspense, useEffect, useState } from 'react';
import { getLaunchParams } from '../../../lib/build-context';
import { lazyWithTexts } from '../../../lib/i18n';
import { useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { isNoExchangeCode, isRefusedExchangeRequest, useExchangeCode } from '../api/get-exchange-code';
import type { ExchangeOutcome } from './ExchangeCodeDialog';

const ExchangeCodeDialog = lazyWithTexts(
  () => import('./ExchangeCodeDialog').then((m) => m.ExchangeCodeDialog),
  'accountExchange',
);

const FORM_NAME_PARAM = 'form_name';

/**
 * The exchange-code dialog the `form_name` launch parameter opens (spec 01 §2, §7
 * getExchangeCode, §8). The code is asked for once per page load, as soon as the account
 * screen has the user; the dialog's code and texts download meanwhile.
 *
 * "None" is a dialog, not a toast: the visitor followed a link made to hand them a code, so the
 * answer to it should wait to be read and dismissed rather than vanish after three seconds,
 * maybe while the page is still settling; all three outcomes then look and close alike.
 *
 * `form_name` leaves the address once it has been answered for good (a code, none, or a form
 * name the server refuses), as `to` leaves it once it has chosen the screen (app/launch.ts): a
 * reload, a bookmark or a copied address then opens the account screen without the dialog,
 * and other screens opened from here do not carry it along. After a failure that may pass (no
 * connection, a server fault) it stays, so reloading the page asks again, as the retry does.
 */
export function ExchangeCodeLauncher() {
  const { formName } = getLaunchParams();
  // The session names the user the account screen has just loaded; reading the user's query
  // here would only add an observer (and, where data is never fresh, a reload) for an id.
  const userId = useSession()?.userId ?? 0;
  const [open, setOpen] = useState(formName !== null);
  const exchange = useExchangeCode(userId, formName ?? '', open && formName !== null && userId > 0);

  let outcome: ExchangeOutcome = { kind: 'loading' };
  if (exchange.data !== undefined) outcome = { kind: 'found', code: exchange.data };
  else if (exchange.isError && !exchange.isFetching) {
    outcome = isNoExchangeCode(exchange.error)
      ? { kind: 'none' }
      : { kind: 'failed', canRetry: !isRefusedExchangeRequest(exchange.error) };
  }
  const answered =
    outcome.kind === 'found' || outcome.kind === 'none' || (outcome.kind === 'failed' && !outcome.canRetry);

  const [search, setSearch] = useSearchParams();
  const inAddress = search.has(FORM_NAME_PARAM);
  useEffect(() => {
    if (!answered || !inAddress) return;
    setSearch(
      (params) => {
        params.delete(FORM_NAME_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [answered, inAddress, setSearch]);

  if (formName === null || !open) return null;
  return (
    <Suspense fallback={null}>
      <ExchangeCodeDialog outcome={outcome} onRetry={() => void exchange.refetch()} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
