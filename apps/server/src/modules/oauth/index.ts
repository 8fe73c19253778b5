import { defineModule } from '../manifest.js';
import { oauthRoutes } from './oauth.routes.js';
import { sandboxRoutes } from './sandbox.js';
import { joinLinkedIdentities } from './oauth.repository.js';
import { profileShowsIdentitiesWith } from '../user/index.js';

// The profile lists the linked sign-ins in its one statement; the user module sits below this
// one, so the join of `identities` is handed in as the module loads (docs/decisions/070).
profileShowsIdentitiesWith(joinLinkedIdentities);

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
