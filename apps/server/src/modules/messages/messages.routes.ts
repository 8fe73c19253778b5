import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import { markRead, notificationPage, unreadSummary } from './messages.service.js';

/** The account's messages (spec 01 §7 getMessage; `{userId}/notification`, `PUT`, `exists`). */
export async function messageRoutes(app: FastifyInstance) {
  registerRoute(app, listNotificationsRoute, async ({ caller, query }) =>
    ok(await notificationPage(app.db, caller.userId, query.offset ?? 0, query.count ?? 10)),
  );
  registerRoute(app, markNotificationsReadRoute, async ({ caller, body }) => {
    await markRead(app.db, caller.userId, body.ids, app.clock.now());
    return okEmpty();
  });
  registerRoute(app, unreadNotificationsRoute, async ({ caller }) => {
    const { count, firstOffset } = await unreadSummary(app.db, caller.userId);
    return ok({ unread: count > 0, count, first_offset: firstOffset });
  });
}
