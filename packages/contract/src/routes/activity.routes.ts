import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';

export const ActivityTag = Type.Object({
  name: Type.String(),
  url: Type.String(),
});

/**
 * The activity tag shown beside the membership link of the header (spec 02 §2, §7). Public:
 * the header shows it to signed-out visitors too. `data` is null when no tag is running.
 */
export const activityBariconRoute = defineRoute({
  method: 'GET',
  path: '/api/user/activity/baricon',
  summary: 'The running activity tag for a header position, for the caller’s region',
  tags: ['activity'],
  access: 'public',
  querystring: Type.Object({ position: Type.Integer({ minimum: 1, maximum: 20 }) }, { additionalProperties: false }),
  reply: Envelope(Type.Union([ActivityTag, Type.Null()])),
});
