import { isSettledCheckout } from '@account-centre/contract';
import { useCallback, useEffect, useState } from 'react';
import type { Checkout } from '../api/create-checkout';
import { type Listening, watchCheckout } from '../api/watch-checkout';

export interface CheckoutWatch {
  /** The checkout as last heard of. */
  checkout: Checkout;
  listening: Listening;
  /** Listens again after the poll ran out (the buyer says they have paid). */
  listenAgain: () => void;
  /** A state learned otherwise (the answer to abandoning it). */
  learn: (checkout: Checkout) => void;
}

/**
 * The state of a checkout being paid, as the server pushes it (watchCheckout): followed while it
 * is unsettled and the screen is on show — a hidden screen stops listening, and starts again when
 * shown, the stream's first event bringing whatever happened meanwhile.
 */
export function useCheckoutWatch(userId: number, opened: Checkout): CheckoutWatch {
  const [checkout, setCheckout] = useState(opened);
  const [listening, setListening] = useState<Listening>('stream');
  const [round, setRound] = useState(0);
  const outTradeNo = checkout.out_trade_no;
  const settled = isSettledCheckout(checkout.state);

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    void watchCheckout(userId, outTradeNo, controller.signal, {
      onCheckout: (next) => {
        if (!controller.signal.aborted && next.out_trade_no === outTradeNo) setCheckout(next);
      },
      onSettled: (state) => {
        if (!controller.signal.aborted) setCheckout((current) => ({ ...current, state }));
      },
      onListening: (next) => {
        if (!controller.signal.aborted) setListening(next);
      },
    });
    return () => controller.abort();
  }, [userId, outTradeNo, settled, round]);

  const listenAgain = useCallback(() => {
    setListening('stream');
    setRound((count) => count + 1);
  }, []);

  return { checkout, listening, listenAgain, learn: setCheckout };
}
