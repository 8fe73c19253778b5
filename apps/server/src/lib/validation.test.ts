import { Id, Text } from '@account-centre/contract';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createValidatorCompiler } from './validation.js';

async function appWith(body: Parameters<typeof Type.Object>[0]) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(createValidatorCompiler());
  app.post('/x', { schema: { body: Type.Object(body, { additionalProperties: false }) } }, async () => 'ok');
  await app.ready();
  return app;
}

describe('the request validator compiler', () => {
  it('refuses to start with a request schema whose text lacks the control-character rule', async () => {
    await expect(appWith({ name: Type.String({ maxLength: 9 }) })).rejects.toThrow(
      'POST /x: body/name: a string without a pattern (use Text)',
    );
  });

  it('refuses to start with a request schema whose number has no maximum', async () => {
    await expect(appWith({ id: Type.Integer({ minimum: 1 }) })).rejects.toThrow(
      'POST /x: body/id: a number without a maximum that fits its column',
    );
  });

  it('compiles a schema built from the contract’s builders, and refuses what they refuse', async () => {
    const app = await appWith({ name: Text({ maxLength: 9 }), id: Id() });
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/x', headers: { 'content-type': 'application/json' }, payload });
    expect((await post('{"name":"ok","id":2147483647}')).statusCode).toBe(200);
    expect((await post('{"name":"n\\u0000l","id":1}')).statusCode).toBe(400);
    expect((await post('{"name":"ok","id":2147483648}')).statusCode).toBe(400);
    expect((await post('{"name":"ok","id":1e308}')).statusCode).toBe(400);
    await app.close();
  });
});

describe('numbers in a path, a query string or a header', () => {
  async function appWithText() {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(createValidatorCompiler());
    app.setErrorHandler((error: { validation?: unknown }, _request, reply) =>
      reply.code(400).send({ validation: error.validation }),
    );
    app.get(
      '/items/:id',
      {
        schema: {
          params: Type.Object({ id: Id() }, { additionalProperties: false }),
          querystring: Type.Object(
            {
              seats: Type.Optional(Type.Integer({ minimum: -5, maximum: 1000 })),
              share: Type.Optional(Type.Number({ minimum: 0, maximum: 1, multipleOf: 0.01 })),
              ids: Type.Optional(Type.Array(Id(), { maxItems: 3 })),
              label: Type.Optional(Type.Union([Text({ maxLength: 9 }), Type.Integer({ minimum: 0, maximum: 9 })])),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => ({ params: request.params, query: request.query }),
    );
    await app.ready();
    return app;
  }

  it('are coerced only from plain decimal digits', async () => {
    const app = await appWithText();
    const get = (url: string) => app.inject({ method: 'GET', url });
    expect((await get('/items/7?seats=-3&share=0.25&ids=1&ids=20&label=0x1')).json()).toEqual({
      params: { id: 7 },
      query: { seats: -3, share: 0.25, ids: [1, 20], label: '0x1' },
    });
    expect((await get('/items/007?seats=100')).json()).toMatchObject({ params: { id: 7 }, query: { seats: 100 } });
    const refusals: [string, string][] = [
      ['/items/0x7', '/id'],
      ['/items/7e0', '/id'],
      ['/items/7?seats=1e2', '/seats'],
      ['/items/7?seats=0x32', '/seats'],
      ['/items/7?seats=%2050', '/seats'],
      ['/items/7?seats=50%20', '/seats'],
      ['/items/7?seats=%2B50', '/seats'],
      ['/items/7?seats=Infinity', '/seats'],
      ['/items/7?seats=5.0', '/seats'],
      ['/items/7?share=1e-1', '/share'],
      ['/items/7?share=.5', '/share'],
      ['/items/7?ids=1&ids=0x2', '/ids'],
      ['/items/7?ids=0b1', '/ids'],
    ];
    for (const [url, field] of refusals) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ validation: [{ instancePath: field, keyword: 'decimal' }] });
    }
    await app.close();
  });
});
