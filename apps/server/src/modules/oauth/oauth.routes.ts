import { createHash } from 'node:crypto';
import {
  closeByIdentityRoute,
  type IdentityProvider,
  type Language,
  languageTags,
  listIdentitiesRoute,
  listOAuthProvidersRoute,
  OAUTH_CALLBACK_PATH,
  OAUTH_HANDOFF_PATH,
  OAuthCallbackParams,
  OAuthCallbackQuery,
  OAuthErrors,
  OAuthHandoffQuery,
  startCloseByIdentityRoute,
  startIdentityBindRoute,
  startOAuthSignInRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { readCookie } from '../../lib/cookies.js';
import { appError } from '../../lib/errors.js';
import { okEmpty, ok, registerRoute } from '../../lib/register-route.js';
import { randomToken } from '../../lib/secrets.js';
import { acceptedLanguage, clientInfo, requestRegion } from '../../lib/caller.js';
import { publicUrlFor } from './oauth.config.js';
import { popupTexts } from './popup-texts.js';
import { FLOW_TTL_SECONDS, type FlowOutcome, type FlowPurpose, OAuthProviders } from './oauth.service.js';

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
  /** Our public address for this request's host (a server may answer on both regions' hosts). */
  const publicUrl = (request: FastifyRequest) => publicUrlFor(app.config.oauth, request.host);

  /** The flow's browser secret: HttpOnly, only sent to the OAuth paths, Secure on https. */
  const flowCookie = (request: FastifyRequest, value: string, maxAge: number) =>
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${
      publicUrl(request).startsWith('https:') ? '; Secure' : ''
    }`;

  const start = async (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: { provider: IdentityProvider; purpose: FlowPurpose; userId: number | null; handoff?: boolean },
  ) => {
    const { handoff, ...wanted } = flow;
    const input = { ...wanted, publicUrl: publicUrl(request) };
    if (handoff) return ok(await providers.startHandoff(input));
    const browserSecret = randomToken();
    const started = await providers.start(input, browserSecret);
    reply.header('Set-Cookie', flowCookie(request, browserSecret, FLOW_TTL_SECONDS));
    return ok(started);
  };

  registerRoute(app, listOAuthProvidersRoute, async () => ok(providers.list()));

  registerRoute(app, listIdentitiesRoute, async ({ params }) => ok(await providers.boundIdentities(params.userId)));

  registerRoute(app, startIdentityBindRoute, async ({ params, query, request, reply }) => {
    if (isMobileAgent(request.headers['user-agent'])) throw appError(OAuthErrors.bindFromPc);
    return start(request, reply, {
      provider: params.provider,
      purpose: 'bind',
      userId: params.userId,
      handoff: query.handoff,
    });
  });

  registerRoute(app, startCloseByIdentityRoute, async ({ params, query, request, reply }) =>
    start(request, reply, {
      provider: params.provider,
      purpose: 'close',
      userId: params.userId,
      handoff: query.handoff,
    }),
  );

  registerRoute(app, startOAuthSignInRoute, async ({ params, request, reply }) =>
    start(request, reply, { provider: params.provider, purpose: 'sign-in', userId: null }),
  );

  registerRoute(app, closeByIdentityRoute, async ({ body, caller }) => {
    await providers.closeByIdToken(caller, body.provider, body.id_token);
    return okEmpty();
  });

  /** The popup page (or, opened in a browser tab, the page a handoff ends on): no cache, no referrer, its own CSP. */
  const sendPopupPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: IdentityProvider,
    outcome: FlowOutcome,
  ) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.code(outcome.status === 'success' ? 200 : 400).type('text/html; charset=utf-8');
    const language = acceptedLanguage(request.headers['accept-language'], requestRegion(request));
    return popupPage(provider, outcome, publicUrl(request), language);
  };
  // Runs after the security-headers hook: these pages need their own policies.
  const popupHeaders = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('Content-Security-Policy', POPUP_CSP);
    // The popup arrives here from the provider's origin. Any opener policy but unsafe-none would
    // put the page in a new browsing context group and cut its link to window.opener, so the
    // outcome could never be posted back.
    reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    return payload;
  };

  app.route({
    method: 'GET',
    url: OAUTH_HANDOFF_PATH,
    schema: {
      summary: 'Opens a handoff link in this browser: claims the flow once, sets its cookie, redirects to the provider',
      tags: ['auth'],
      params: OAuthCallbackParams,
      querystring: OAuthHandoffQuery,
    },
    onSend: popupHeaders,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { provider } = request.params as Static<typeof OAuthCallbackParams>;
      const { handoff } = request.query as Static<typeof OAuthHandoffQuery>;
      const browserSecret = randomToken();
      const url = await providers.continueHandoff(provider, handoff, publicUrl(request), browserSecret);
      if (!url)
        return sendPopupPage(request, reply, provider, {
          purpose: null,
          status: 'error',
          msg: OAuthErrors.invalidState.msg,
        });
      reply.header('Set-Cookie', flowCookie(request, browserSecret, FLOW_TTL_SECONDS));
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return reply.redirect(url, 302);
    },
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
    onSend: popupHeaders,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { provider } = request.params as Static<typeof OAuthCallbackParams>;
      const query = request.query as Static<typeof OAuthCallbackQuery>;
      const outcome = await providers.finish(
        provider,
        query,
        readCookie(request, COOKIE),
        { publicUrl: publicUrl(request), region: requestRegion(request), client: clientInfo(request) },
        (reason) => request.log.warn({ provider, reason }, 'third-party sign-in refused by the provider check'),
      );
      reply.header('Set-Cookie', flowCookie(request, '', 0));
      return sendPopupPage(request, reply, provider, outcome);
    },
  });
}

function popupPage(provider: IdentityProvider, outcome: FlowOutcome, publicUrl: string, language: Language): string {
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
    `<!doctype html><html lang="${languageTags[language]}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width">' +
    '<title>Account Centre</title></head><body>' +
    `<script type="application/json" id="oauth-result">${json}</script>` +
    `<script>${POPUP_SCRIPT}</script>` +
    // The texts are our own constants (popup-texts.ts): nothing from the request goes in.
    `<p>${outcome.status === 'success' ? popupTexts[language].done : popupTexts[language].failed}</p></body></html>`
  );
}
