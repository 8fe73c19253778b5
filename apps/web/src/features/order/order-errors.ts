import i18next from 'i18next';
import { OrderMsg } from '@account-centre/contract';
import { errorMessage } from '../../lib/i18n';

type OrderMsgName = keyof typeof OrderMsg;
const namesByMsg = new Map<string, OrderMsgName>(
  Object.entries(OrderMsg).map(([name, msg]) => [msg, name as OrderMsgName]),
);

/**
 * The localised text of a failure of the order, invoice and receipt calls. Their `msg`s
 * (`only once`, `not exists`…) mean something of their own here — `only once` is "a receipt
 * was already requested", not a used sign-in ticket — so they are read first; anything else
 * reads as the shared error texts do.
 */
export function orderErrorMessage(error: unknown, fallback?: 'order:errors.downloadFailed'): string {
  const msg = typeof error === 'object' && error !== null && 'msg' in error ? error.msg : undefined;
  const name = typeof msg === 'string' ? namesByMsg.get(msg) : undefined;
  if (name) return i18next.t(`order:errors.${name}`);
  // A failure with no text of its own reads as the call's own failure when it has one
  // (downloadReceiptFail, spec 01 §8) rather than the generic request error.
  const key = typeof error === 'object' && error !== null && 'i18nKey' in error ? error.i18nKey : 'errors:generic';
  return fallback && key === 'errors:generic' ? i18next.t(fallback) : errorMessage(error);
}
