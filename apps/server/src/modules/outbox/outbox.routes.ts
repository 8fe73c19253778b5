import { devOutboxRoute, isEmail, normaliseEmail } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { devToolsOnly } from '../../lib/dev-tools-access.js';
import { ok, registerRoute } from '../../lib/register-route.js';
import { listForRecipient } from './outbox.repository.js';

const DEFAULT_LIMIT = 20;

/**
 * The dev outbox reader: lets a developer (and the browser tests) read the codes the service
 * "sent". With dev tools off — always in production — the route is never registered, so it
 * answers 404 like any unknown path; with them on, it answers only callers on this machine
 * (lib/dev-tools-access.ts).
 */
export async function outboxRoutes(app: FastifyInstance) {
  if (!app.config.devTools) return;
  app.addHook('onRequest', devToolsOnly(app.config));

  registerRoute(app, devOutboxRoute, async ({ query }) => {
    // E-mail recipients are stored normalised (lower case); phone numbers as given.
    const to = query.to.trim();
    const recipient = isEmail(to) ? normaliseEmail(to) : to;
    const rows = await listForRecipient(app.db, recipient, query.limit ?? DEFAULT_LIMIT);
    return ok(rows);
  });
}
