import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineRoute } from './route.js';
import { EmptyEnvelope } from './envelope.js';

describe('defineRoute and the ?token= credential', () => {
  const query = Type.Object({ offset: Type.Integer() }, { additionalProperties: false });

  it('lets a signed-in route’s strict query schema accept `token`', () => {
    const route = defineRoute({
      method: 'GET',
      path: '/api/user/:userId/things',
      summary: 's',
      tags: [],
      access: 'user',
      querystring: query,
      reply: EmptyEnvelope,
    });
    const schema = route.querystring as unknown as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual(['offset', 'token']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('leaves a public route’s query schema as written', () => {
    const route = defineRoute({
      method: 'GET',
      path: '/api/things',
      summary: 's',
      tags: [],
      access: 'public',
      querystring: query,
      reply: EmptyEnvelope,
    });
    expect(route.querystring).toBe(query);
  });
});
