import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from '../router';
import type { Language } from '@account-centre/contract';
import { type BuildContext, BuildContextOverride } from '../build-context';
import { initI18n } from './i18n';
import { LocaleProvider } from './LocaleProvider';

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

type Answer = { status?: number; body: unknown };
type Handler = (body: unknown, url: URL) => Answer | Promise<Answer>;

export const ok = (data: unknown = null): Answer => ({ body: { status: 'success', code: 0, msg: 'ok', data } });
export const fail = (status: number, code: number, msg: string): Answer => ({
  body: { status: 'error', code, msg },
  status,
});

/**
 * Replaces `fetch` with answers per `METHOD /path`, so tests run the real API client (and its
 * mapping of codes and messages to texts) against scripted server answers.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { route: string; body: unknown; url: URL }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://account.example.com');
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, body, url });
    const handler = handlers[route];
    const answer = handler ? await handler(body, url) : fail(404, 0, 'not found');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
