import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from '../lib/router';
import type { ApiError } from '../lib/api';
import { showErrorToast } from '../components/toast';
import { useHostWiring } from './host/use-host-wiring';
import { Providers } from './providers';
import { Shell } from './shell/Shell';

function Root({ launchError }: { launchError: ApiError | null }) {
  useHostWiring();
  useEffect(() => {
    // The `custom` credential did not sign the visitor in (a used or expired ticket): say why,
    // next to the sign-in that opens.
    if (launchError) showErrorToast(launchError);
  }, [launchError]);
  return <Shell />;
}

export interface AppProps {
  queryClient: QueryClient;
  /** Why the `custom` credential of the address did not sign in, if it did not. */
  launchError?: ApiError | null;
}

/**
 * History-mode routing (spec 01 §2). Every path goes to the shell, which knows the screens:
 * `/` and unknown paths go to `/account`, keeping the query string (lib/router).
 */
export function App({ queryClient, launchError = null }: AppProps) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <Root launchError={launchError} />
      </BrowserRouter>
    </Providers>
  );
}
