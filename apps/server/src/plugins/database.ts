import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database.js';

/** Puts the database on the instance and closes it with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle; closeWithApp: boolean }) => {
    app.decorate('db', options.database.db);
    app.decorate('dialect', options.database.dialect);
    if (options.closeWithApp) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database' },
);
