import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Text } from '../http/input.js';
import { defineRoute } from '../http/route.js';

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database reachability',
  tags: ['system'],
  access: 'public',
  reply: Envelope(
    Type.Object({
      database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
      redis: Type.Union([Type.Literal('connected'), Type.Literal('unavailable'), Type.Literal('not configured')], {
        description:
          'unavailable: Redis did not answer; the instance serves on without it, so the answer stays 200 (docs/decisions/054)',
      }),
      uptime: Type.Integer({ description: 'seconds since start' }),
    }),
  ),
});

export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  created_at: Type.Integer(),
  sent_at: Type.Union([Type.Integer(), Type.Null()]),
});

/** Dev tools only: exists when dev tools are on, never in production. */
export const devOutboxRoute = defineRoute({
  method: 'GET',
  path: '/api/dev/outbox',
  summary: 'Messages written to the outbox for one recipient, newest first (dev tools only)',
  tags: ['dev'],
  access: 'public',
  querystring: Type.Object(
    {
      to: Text({ minLength: 1, maxLength: 254 }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    },
    { additionalProperties: false },
  ),
  reply: Envelope(Type.Array(OutboxMessage)),
});
