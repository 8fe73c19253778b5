import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** `/api/openapi.json`, generated from the contract's route schemas. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Account Centre API',
          version: '1.0.0',
          description:
            'Every answer is `{status, code, msg, data?}`; `code` carries the numeric account error codes, `msg` a stable machine-readable message.',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer' },
            tokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
            serviceKey: { type: 'apiKey', in: 'header', name: 'X-Service-Key' },
          },
        },
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
