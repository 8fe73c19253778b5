import { defineModule } from '../manifest.js';
import { oauthRoutes } from './oauth.routes.js';
import { sandboxRoutes } from './sandbox.js';

export { type AccountCloser, closeAccountsWith } from './oauth.service.js';

/** Third-party sign-in and binding (WeChat, QQ, Weibo, Google, Facebook). */
export const oauthModule = defineModule({
  name: 'oauth',
  routes: [oauthRoutes, sandboxRoutes],
  tables: {
    identities: { erase: 'rows' },
    oauth_flows: { erase: 'rows' },
  },
});
export { deleteIdentity, identityProvidersOf } from './oauth.repository.js';
