import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildContext } from '../lib/build-context';
import { LocaleProvider } from '../lib/i18n';
import { LazyToasts } from './shell/lazy-parts';
import { colorSchemeFor, cssVariablesResolver, themeFor } from './theme';

/** The UI kit (theme of the build), dates in the language shown, server state and toasts. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const build = useBuildContext();
  const { t } = useTranslation();
  const closeLabel = t('common:actions.close');
  const theme = useMemo(() => themeFor(build, { close: closeLabel }), [build, closeLabel]);
  const scheme = colorSchemeFor(build);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
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
