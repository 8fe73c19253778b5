import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { namedLanguage } from '../../lib/caller.js';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import { markRead, notificationPage, unreadSummary } from './messages.service.js';

/** The account's messages (spec 01 §7 getMessage; `{userId}/notification`, `PUT`, `exists`). */
export async function messageRoutes(app: FastifyInstance) {
  registerRoute(app, listNotificationsRoute, async ({ caller, query, request }) => {
    // Read in the language the request asks for (the app's page language); a client that names
    // none reads in the account's own (docs/decisions/058).
    const reader = { language: namedLanguage(request), region: caller.region };
    return ok(await notificationPage(app.db, caller.userId, query.offset ?? 0, query.count ?? 10, reader));
  });
  registerRoute(app, markNotificationsReadRoute, async ({ caller, body }) => {
    await markRead(app.db, caller.userId, body.ids, app.clock.now());
    return okEmpty();
  });
  registerRoute(app, unreadNotificationsRoute, async ({ caller }) => {
    const { count, firstOffset } = await unreadSummary(app.db, caller.userId);
    return ok({ unread: count > 0, count, first_offset: firstOffset });
  });
}
