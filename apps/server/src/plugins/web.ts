import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CommonErrors } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Files are registered one route each (`wildcard: false`); any
 * other GET outside /api/ gets index.html so that history-mode routes load the app — except
 * under /assets/, where a missing file is a 404: a page of an older build asking for a chunk a
 * deploy removed must see the chunk-load error, not parse HTML as JavaScript.
 * Everything else that matches no route is a 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDist;
    const hasBuild = fs.existsSync(path.join(root, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          // Vite puts content hashes in asset names, so they never change under one URL.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`no web build at ${root}: run "npm run build" to serve the web app`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/assets/');
      if (wantsPage && hasBuild) {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ status: 'error', code: CommonErrors.notFound.code, msg: CommonErrors.notFound.msg });
    });
  },
  { name: 'web' },
);
