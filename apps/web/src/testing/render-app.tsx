import {
  activityBariconRoute,
  getCompaniesRoute,
  getDiagramDevicesRoute,
  getLicencesRoute,
  getMindMapDevicesRoute,
  getOrdersRoute,
  getProjectDevicesRoute,
  getRecommendationsRoute,
  getStorageRoute,
  getTeamRoute,
  getUserRoute,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  listSessionsRoute,
  signInHistoryRoute,
  unreadNotificationsRoute,
} from '@account-centre/contract';
import { render } from '@testing-library/react';
import {
  BuildContextOverride,
  readBuildContext,
  regionRuleFromEnv,
  resetBuildContextForTests,
} from '../lib/build-context';
import { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { App } from '../app/App';
import { stubApi } from './api';
import { testUser } from './test-user';

export function userInfo(userId: number, nickName = 'Ada') {
  return testUser({ user_id: userId, nick_name: nickName, language: null, created_at: 0 });
}

/**
 * The server of a signed-in account with nothing in it yet, answering every call the shell and
 * the built screens make on opening: the user, no campaign, no team or company, no unread
 * message, no identities,
 * devices, sessions, orders or licences, the free storage. A test answers what it looks at anew
 * (a later answer for a route replaces this one).
 */
export function emptyAccountServer(userId: number) {
  const noRows = { data: [], count: 0 };
  const noDevices = { data: [], count: 0, limit: 1 };
  const free = { max: 0, used: 0 };
  return stubApi()
    .answer(getUserRoute, { data: userInfo(userId) })
    .answer(activityBariconRoute, { data: null })
    .answer(getTeamRoute, { data: null })
    .answer(getCompaniesRoute, noRows)
    .answer(listOAuthProvidersRoute, { data: [] })
    .answer(listIdentitiesRoute, { data: [] })
    .answer(getMindMapDevicesRoute, noDevices)
    .answer(getDiagramDevicesRoute, noDevices)
    .answer(getProjectDevicesRoute, noDevices)
    .answer(listSessionsRoute, noRows)
    .answer(signInHistoryRoute, noRows)
    .answer(getLicencesRoute, noRows)
    .answer(getOrdersRoute, noRows)
    .answer(getRecommendationsRoute, noRows)
    .answer(getStorageRoute, { data: { project: free, whiteboard: free, mindmap: free } })
    .answer(unreadNotificationsRoute, { data: { unread: false, count: 0, first_offset: null } });
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
