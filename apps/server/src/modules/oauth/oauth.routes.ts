import { createHash } from 'node:crypto';
import {
  closeByIdentityRoute,
  type IdentityProvider,
  OAUTH_CALLBACK_PATH,
  OAuthCallbackParams,
  OAuthCallbackQuery,
  OAuthMsg,
  startIdentityBindRoute,
  startOAuthSignInRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { badRequest } from '../../lib/errors.js';
import { okEmpty, ok, registerRoute } from '../../lib/register-route.js';
import { randomToken } from '../../lib/secrets.js';
import type { Actor } from '../account/account.service.js';
import { clientInfo, requestRegion } from '../auth/client-info.js';
import { FLOW_TTL_SECONDS, type FlowOutcome, OAuthProviders } from './oauth.service.js';

const COOKIE = 'ac_oauth';
const COOKIE_PATH = '/api/auth/oauth/';

/**
 * Phones and tablets (spec 01 §5: WeChat binding must happen on a computer — the provider's QR
 * page is scanned with the phone that holds the WeChat account). iPadOS presenting itself as a
 * Mac is not told apart; it gets the computer flow, which still works there.
 */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|HarmonyOS|OpenHarmony|MicroMessenger/i;

export function isMobileAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && MOBILE_AGENT.test(userAgent);
}

/**
 * The popup page's only script: reads the outcome from a data block (which CSP does not
 * execute) and posts it to the opener at our own origin only, then closes. Static, so a hash
 * in the CSP allows exactly it.
 */
const POPUP_SCRIPT =
  "(function(){var d=JSON.parse(document.getElementById('oauth-result').textContent);" +
  'var o=d.origin;delete d.origin;if(window.opener){window.opener.postMessage(d,o);}window.close();})();';
const POPUP_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(POPUP_SCRIPT).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export async function oauthRoutes(app: FastifyInstance) {
  const providers = new OAuthProviders(app);
  const secureCookie = app.config.oauth.publicUrl?.startsWith('https:') ?? false;

  const start = async (
    reply: FastifyReply,
    provider: IdentityProvider,
    purpose: 'bind' | 'sign-in',
    userId: number | null,
  ) => {
    const browserSecret = randomToken();
    const started = await providers.start(provider, purpose, userId, browserSecret);
    reply.header(
      'Set-Cookie',
      `${COOKIE}=${browserSecret}; Path=${COOKIE_PATH}; Max-Age=${FLOW_TTL_SECONDS}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
    );
    return ok(started);
  };

  registerRoute(app, startIdentityBindRoute, async ({ params, request, reply }) => {
    if (isMobileAgent(request.headers['user-agent'])) throw badRequest(OAuthMsg.bindFromPc);
    return start(reply, params.provider, 'bind', params.userId);
  });

  registerRoute(app, startOAuthSignInRoute, async ({ params, reply }) =>
    start(reply, params.provider, 'sign-in', null),
  );

  registerRoute(app, closeByIdentityRoute, async ({ body, request }) => {
    const auth = request.auth;
    if (!auth) throw badRequest();
    const actor: Actor = {
      userId: auth.userId,
      sessionId: auth.sessionId,
      region: requestRegion(app, request),
      client: clientInfo(request),
    };
    await providers.closeByIdToken(actor, body.provider, body.id_token);
    return okEmpty();
  });

  app.route({
    method: 'GET',
    url: OAUTH_CALLBACK_PATH,
    schema: {
      summary: 'Where the provider sends the popup back: finishes the flow, answers a page that tells the opener',
      tags: ['auth'],
      params: OAuthCallbackParams,
      querystring: OAuthCallbackQuery,
    },
    // Runs after the security-headers hook: this page needs its own, narrower policy.
    onSend: async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', POPUP_CSP);
      return payload;
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { provider } = request.params as Static<typeof OAuthCallbackParams>;
      const query = request.query as Static<typeof OAuthCallbackQuery>;
      const outcome = await providers.finish(provider, query, readCookie(request, COOKIE), (reason) =>
        request.log.warn({ provider, reason }, 'third-party sign-in refused by the provider check'),
      );
      reply.header(
        'Set-Cookie',
        `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
      );
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      reply.code(outcome.status === 'success' ? 200 : 400).type('text/html; charset=utf-8');
      return popupPage(provider, outcome, app.config.oauth.publicUrl);
    },
  });
}

function popupPage(provider: IdentityProvider, outcome: FlowOutcome, publicUrl: string | null): string {
  const message = {
    type: 'account-centre:oauth',
    provider,
    purpose: outcome.purpose,
    status: outcome.status,
    msg: outcome.msg,
    ...(outcome.ticket ? { ticket: outcome.ticket } : {}),
    origin: publicUrl ? new URL(publicUrl).origin : '/',
  };
  // Inside <script>, "</script>" or "<!--" would end or change the block: escape every "<", ">", "&".
  const json = JSON.stringify(message).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>Account Centre</title></head><body>' +
    `<script type="application/json" id="oauth-result">${json}</script>` +
    `<script>${POPUP_SCRIPT}</script>` +
    '<p>You can close this window.</p></body></html>'
  );
}

function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}
