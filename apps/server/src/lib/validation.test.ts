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
