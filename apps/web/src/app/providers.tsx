import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useBuildContext } from '../lib/build-context';
import { LocaleProvider } from '../lib/i18n';
import { LazyToasts } from './shell/lazy-parts';
import { colorSchemeFor, themeFor } from './theme';

/** The UI kit (theme of the build), dates in the language shown, server state and toasts. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const build = useBuildContext();
  const theme = useMemo(() => themeFor(build), [build]);
  const scheme = colorSchemeFor(build);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={scheme}
      forceColorScheme={scheme === 'auto' ? undefined : scheme}
    >
      <LocaleProvider>
        <QueryClientProvider client={queryClient}>
          <LazyToasts />
          {children}
        </QueryClientProvider>
      </LocaleProvider>
    </MantineProvider>
  );
}
