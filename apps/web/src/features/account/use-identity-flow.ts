import type { IdentityProvider } from '@account-centre/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { useBuildContext } from '../../lib/build-context';
import { useSingleFlight } from '../../lib/hooks/use-single-flight';
import { type IdentityFlowPurpose, startIdentityFlow } from './api/start-identity-flow';
import { type FlowResult, runIdentityFlow } from '../../lib/oauth';

export interface IdentityFlowHandlers {
  /** How a flow ended (a popup's message, a closed or blocked popup, or handed to the host). */
  onResult: (provider: IdentityProvider, result: FlowResult) => void;
  /** The server refused to start it (bind from pc, not configured, not bound, …). */
  onError: (provider: IdentityProvider, error: unknown) => void;
  /**
   * The page is visible again after a flow went to the system browser: its outcome is on the
   * server, so whatever shows it is fetched again.
   */
  onReturn: (provider: IdentityProvider) => void;
}

/**
 * Runs third-party sign-in flows one at a time for a screen part: `start(provider)` from a click
 * handler (the popup must open within the click), `running` names the provider under way.
 */
export function useIdentityFlow(userId: number, purpose: IdentityFlowPurpose, handlers: IdentityFlowHandlers) {
  const { hostMode } = useBuildContext();
  const [, run] = useSingleFlight();
  const [running, setRunning] = useState<IdentityProvider | null>(null);
  const [handedOff, setHandedOff] = useState<IdentityProvider | null>(null);

  // A popup may take minutes: it reports to the handlers of the click that opened it, whose
  // state setters and query client do not change meanwhile.
  const start = (provider: IdentityProvider) =>
    run(async () => {
      setRunning(provider);
      try {
        const result = await runIdentityFlow(provider, hostMode, (handoff) =>
          startIdentityFlow(userId, provider, purpose, handoff),
        );
        if (result.kind === 'external') setHandedOff(provider);
        handlers.onResult(provider, result);
      } catch (error) {
        handlers.onError(provider, error);
      } finally {
        setRunning(null);
      }
    });

  const onReturn = useEffectEvent((provider: IdentityProvider) => handlers.onReturn(provider));
  useEffect(() => {
    if (!handedOff) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') onReturn(handedOff);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [handedOff]);

  return { start, running };
}
