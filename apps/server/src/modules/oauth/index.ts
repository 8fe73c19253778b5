import { defineModule } from '../manifest.js';
import { oauthRoutes } from './oauth.routes.js';

/** Third-party sign-in and binding (WeChat, QQ, Weibo, Google, Facebook). */
export const oauthModule = defineModule({
  name: 'oauth',
  routes: [oauthRoutes],
  tables: {
    identities: { erase: 'rows' },
    oauth_flows: { erase: 'rows' },
  },
});
