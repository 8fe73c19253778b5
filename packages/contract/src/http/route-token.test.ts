import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineRoute } from './route.js';
import { EmptyEnvelope } from './envelope.js';

describe('defineRoute and the ?token= credential', () => {
  const query = Type.Object({ offset: Type.Integer() }, { additionalProperties: false });

  it('lets the strict query schema of a signed-in route that takes the token in its address accept `token`', () => {
    const route = defineRoute({
      method: 'GET',
      path: '/api/user/:userId/things',
      summary: 's',
      tags: [],
      access: 'user',
      tokenInQuery: true,
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

  it('leaves the query schema of any other signed-in route as written: a token there is refused', () => {
    const route = defineRoute({
      method: 'PUT',
      path: '/api/user/:userId/things',
      summary: 's',
      tags: [],
      access: 'user',
      querystring: query,
      reply: EmptyEnvelope,
    });
    expect(route.querystring).toBe(query);
  });

  it('takes the token in the address only on a signed-in route', () => {
    expect(() =>
      defineRoute({
        method: 'GET',
        path: '/api/things',
        summary: 's',
        tags: [],
        access: 'public',
        tokenInQuery: true,
        reply: EmptyEnvelope,
      }),
    ).toThrow('GET /api/things: only a signed-in route takes an access token in its address');
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
