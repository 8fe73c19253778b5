import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TrustProxy } from './config.js';
import type { Config } from './modules/settings.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { type Clock, systemClock } from './lib/clock.js';
import { lazyRequestLogger } from './lib/request-logger.js';
import { createValidatorCompiler } from './lib/validation.js';
import { authPlugin, sessionEndsPlugin } from './modules/auth/index.js';
import { usePasswordHashCost } from './modules/auth/passwords.js';
import { modules } from './modules/index.js';
import { databasePlugin } from './plugins/database.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { redisPlugin } from './plugins/redis.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';
import './types.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent the app opens `config.databaseUrl` and closes it on close. */
  database?: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Run migrations while building (default true). */
  migrate?: boolean;
}

/**
 * Fastify takes a proxy list as it is; a bare hop count it treats as "trust nobody", because a
 * client that reaches the server directly could write the hops itself. Our hop count means
 * the operator promises the server is reachable only through that many proxies: the nearest
 * N addresses of the chain (the socket's peer first) are trusted, the one before them is the
 * client.
 */
function trustProxyOption(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole API (plugins, modules, web serving). Used by the server and by tests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        // Query strings can carry `?token=` and bodies carry codes: log the path only.
        req: (request: { method: string; url: string; id: string }) => ({
          id: request.id,
          method: request.method,
          path: request.url.split('?')[0],
        }),
      },
    },
    childLoggerFactory: lazyRequestLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    // Device ids in paths are up to 128 printable characters, up to three times that encoded.
    routerOptions: { maxParamLength: 400 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(createValidatorCompiler());
  usePasswordHashCost(config.passwordHashCost);

  const database = options.database ?? (await openDatabase(config.databaseUrl));
  if (options.migrate ?? true) await migrateToLatest(database.db);

  app.decorate('config', config);
  app.decorate('modules', modules);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorateRequest('auth', null);
  await app.register(databasePlugin, { database, closeWithApp: options.database === undefined });
  await app.register(redisPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { frameAncestors: config.frameAncestors });
  await app.register(rateLimitPlugin);
  await app.register(openapiPlugin);
  await app.register(sessionEndsPlugin, database.dataVersion ? { dataVersion: database.dataVersion } : {});
  await app.register(authPlugin);
  for (const module of modules) {
    for (const plugin of module.plugins ?? []) await app.register(plugin);
  }
  for (const module of modules) {
    for (const routes of module.routes ?? []) await app.register(routes);
  }

  await app.register(webPlugin);
  return app;
}
