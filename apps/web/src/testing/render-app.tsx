import { render } from '@testing-library/react';
import { vi } from 'vitest';
import {
  BuildContextOverride,
  readBuildContext,
  regionRuleFromEnv,
  resetBuildContextForTests,
} from '../lib/build-context';
import { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { App } from '../app/App';
import { testUser } from './test-user';

type Route = (request: Request) => Response | Promise<Response> | undefined;

export const ok = (data: unknown) => Response.json({ status: 'success', code: 0, msg: 'ok', data });
export const notFound = () => Response.json({ status: 'error', code: 0, msg: 'not found' }, { status: 404 });

export function userInfo(userId: number, nickName = 'Ada') {
  return testUser({ user_id: userId, nick_name: nickName, language: null, created_at: 0 });
}

/**
 * A stand-in for the API: `route` answers what it knows, everything else is a 404 envelope
 * (as the server answers for a route it does not have). Returns the requests seen.
 */
export function stubApi(route: Route = () => undefined): Request[] {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), window.location.origin), init);
      seen.push(request);
      return (await route(request)) ?? notFound();
    }),
  );
  return seen;
}

/**
 * Renders the whole app at an address, as main.tsx does, for a given host (which decides the
 * region). The build context is read from that host and the address's query.
 */
export async function renderApp(address: string, { host = 'account.example.cn', language = 'en' } = {}) {
  window.history.replaceState(null, '', address);
  resetBuildContextForTests();
  await initI18n(language as 'en');
  const build = readBuildContext({ host, search: window.location.search }, {}, regionRuleFromEnv({}));
  const queryClient = createQueryClient();
  const view = render(
    <BuildContextOverride.Provider value={build}>
      <App queryClient={queryClient} />
    </BuildContextOverride.Provider>,
  );
  return { ...view, queryClient, build };
}
