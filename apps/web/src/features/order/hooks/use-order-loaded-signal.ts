import { useEffect, useRef } from 'react';
import { host } from '../../../lib/host-bridge';

/**
 * Tells the host once that the order screen has loaded what it shows (`orderLoaded`): the
 * history's first page, or — for a company member, who gets no history — the company notice.
 */
export function useOrderLoadedSignal(loaded: boolean) {
  const sent = useRef(false);
  useEffect(() => {
    if (loaded && !sent.current) {
      sent.current = true;
      host.orderLoaded();
    }
  }, [loaded]);
}
