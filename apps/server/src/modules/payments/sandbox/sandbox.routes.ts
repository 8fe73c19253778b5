import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedLanguage, requestRegion } from '../../../lib/caller.js';
import { devToolsAnswer } from '../../../lib/dev-tools-access.js';
import { sandboxElsewherePage, sandboxPage } from './sandbox-page.js';
import { SANDBOX_PAY_PATH, type SandboxProvider } from './sandbox-provider.js';

const RefParams = {
  type: 'object',
  properties: { ref: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
  required: ['ref'],
  additionalProperties: false,
} as const;

/**
 * The sandbox provider's pay page, where the QR code and the hosted-page link lead: a person
 * presses pay or cancel (docs/decisions/037). Only when the sandbox is on (never in production);
 * not in the API document, as it stands for a provider's site.
 */
export async function sandboxRoutes(app: FastifyInstance, sandbox: SandboxProvider) {
  await app.register(async (pages) => {
    // The page's forms post nothing but the press itself.
    pages.addContentTypeParser('application/x-www-form-urlencoded', { bodyLimit: 1024 }, (_request, _payload, done) =>
      done(null, undefined),
    );
    const payerLanguage = (request: FastifyRequest) =>
      acceptedLanguage(request.headers['accept-language'], requestRegion(request));
    pages.addHook('onRequest', async (request, reply) => {
      if (devToolsAnswer(app.config, request)) return;
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(sandboxElsewherePage(payerLanguage(request)));
    });
    const show = async (request: FastifyRequest, reply: FastifyReply) => {
      const { ref } = request.params as { ref: string };
      const payment = await sandbox.payment(ref);
      // The page speaks the checkout's language; for one opened before it was kept, the browser's.
      const language = payment?.language ?? payerLanguage(request);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply
        .code(payment ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(sandboxPage(payment, language, `${SANDBOX_PAY_PATH}/${ref}`, app.clock.now()));
    };
    pages.get(`${SANDBOX_PAY_PATH}/:ref`, { schema: { hide: true, params: RefParams } }, show);
    // The page's two buttons: each does what it says, then shows the page again.
    for (const action of ['pay', 'cancel'] as const) {
      pages.post(
        `${SANDBOX_PAY_PATH}/:ref/${action}`,
        { schema: { hide: true, params: RefParams } },
        async (request, reply) => {
          const { ref } = request.params as { ref: string };
          await sandbox[action](ref);
          return reply.redirect(`${SANDBOX_PAY_PATH}/${ref}`, 303);
        },
      );
    }
  });
}
