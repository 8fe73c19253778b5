import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from '../lib/router';
import type { Language } from '@account-centre/contract';
import { type BuildContext, BuildContextOverride } from '../lib/build-context';
import { initI18n } from '../lib/i18n/i18n';
import { LocaleProvider } from '../lib/i18n/LocaleProvider';

/** A build context for tests: the overseas browser build unless told otherwise. */
export function testBuild(overrides: Partial<BuildContext> = {}): BuildContext {
  return {
    region: 'overseas',
    tend: null,
    platform: null,
    from: null,
    hostMode: 'browser',
    banhref: false,
    pid: null,
    theme: null,
    clientVersion: null,
    ...overrides,
  };
}

export interface RenderOptions {
  language?: Language;
  build?: Partial<BuildContext>;
  /** The address the router starts at. */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Renders a component the way the app does (UI kit, dates, server state, router, build
 * context) in a language, after that language's texts have loaded.
 */
export async function renderInLanguage(
  ui: ReactElement,
  { language = 'en', build, path = '/account', queryClient }: RenderOptions = {},
) {
  await initI18n(language);
  const client =
    queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    // env="test": no transitions or portals, so what a test sees is settled at once.
    <MantineProvider env="test">
      <LocaleProvider>
        <QueryClientProvider client={client}>
          <BuildContextOverride.Provider value={testBuild(build)}>
            <MemoryRouter initialPath={path}>{children}</MemoryRouter>
          </BuildContextOverride.Provider>
        </QueryClientProvider>
      </LocaleProvider>
    </MantineProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient: client });
}

/**
 * Puts the app back in English after a test. It starts i18next when no test of the worker has
 * rendered yet (a file whose first test checks a rule without rendering, say): switching a
 * language before i18next has started fails.
 */
export function resetLanguage(): Promise<void> {
  return initI18n('en');
}
