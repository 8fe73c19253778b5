import { type TSchema, Type } from 'typebox';
import { EmptyEnvelope, Envelope } from '../http/envelope.js';
import { Id, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { literals, offsetPage, strict } from '../http/schema.js';
import { notificationTypes } from '../rules/notifications.js';
import { UserIdParams } from './user.routes.js';

const Page = <T extends TSchema>(item: T) =>
  Type.Object({ count: Type.Integer({ minimum: 0 }), notify: Type.Array(item) });

/** A message as the account sees it (spec 01 §3 "Message/notification"). */
export const Notification = Type.Object({
  id: Type.Integer(),
  is_read: Type.Boolean(),
  type: literals(notificationTypes),
  created_at: UnixSeconds,
  /** Sanitised HTML: paragraphs, bold, line breaks and http(s) links only. */
  content: Type.String(),
});

export const listNotificationsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/notification',
  summary: 'The account’s messages, newest first (getMessage: offset, count → count, notify)',
  tags: ['messages'],
  access: 'user',
  params: UserIdParams,
  querystring: Type.Object(
    {
      ...offsetPage(10, 50),
    },
    strict,
  ),
  reply: Envelope(Page(Notification)),
});

export const markNotificationsReadRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/notification',
  summary: 'Marks messages read (ids); ids of messages the account cannot see change nothing',
  tags: ['messages'],
  access: 'user',
  params: UserIdParams,
  body: Type.Object({ ids: Type.Array(Id(), { minItems: 1, maxItems: 100 }) }, strict),
  reply: EmptyEnvelope,
});

export const unreadNotificationsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/notification/exists',
  summary: 'Whether the account has unread messages, how many, and where the newest of them is (the unread indicator)',
  tags: ['messages'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(
    Type.Object({
      unread: Type.Boolean(),
      count: Type.Integer({ minimum: 0, description: 'how many messages are unread' }),
      first_offset: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: 'the offset of the newest unread message in the list (newest first), null when none is unread',
      }),
    }),
  ),
  // Spec 01 §7 "Notifications" writes this one without a user id (docs/decisions/007).
  specPaths: [{ name: 'notification/exists', method: 'GET', path: '/api/user/notification/exists' }],
});
