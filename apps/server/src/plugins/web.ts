import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { buildLanguage, CommonErrors, type Language, languageTags, resolveLanguage } from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestRegion } from '../lib/caller.js';

/**
 * Serves the built web app. Files are registered one route each (`wildcard: false`); any
 * other GET outside /api/ gets index.html so that history-mode routes load the app — except
 * under /assets/, where a missing file is a 404: a page of an older build asking for a chunk a
 * deploy removed must see the chunk-load error, not parse HTML as JavaScript.
 * Everything else that matches no route is a 404 envelope.
 *
 * The app page says its language in `<html lang>` from the first byte, as the app will once it
 * runs: the address's `lang`, else the build's language for the host's region. Screen readers
 * read the page in it before the app starts, and the notice shown should the app never start
 * (web `scripts/boot-notice.ts`) is chosen by it.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDist;
    const hasBuild = fs.existsSync(path.join(root, 'index.html'));
    const appPage = new AppPage(path.join(root, 'index.html'));
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
        return reply.type('text/html; charset=utf-8').send(appPage.inLanguageOf(request));
      }
      return reply
        .status(404)
        .send({ status: 'error', code: CommonErrors.notFound.code, msg: CommonErrors.notFound.msg });
    });
  },
  { name: 'web' },
);

/**
 * The built index.html in each language it is asked in, its `<html lang>` set. A page request
 * costs one look at the file's modification time: a deploy that replaces the file is read again.
 */
class AppPage {
  #read: { modified: number; html: string; byLanguage: Map<Language, string> } | undefined;

  constructor(private readonly file: string) {}

  inLanguageOf(request: FastifyRequest): string {
    const query = request.query as { lang?: unknown } | undefined;
    const requested = typeof query?.lang === 'string' ? query.lang : null;
    const language = resolveLanguage(requested, buildLanguage(requestRegion(request)));
    const read = this.#current();
    let page = read.byLanguage.get(language);
    if (page === undefined) {
      const lang = `lang="${languageTags[language]}"`;
      page = read.html.replace(/<html\b[^>]*>/i, (tag) =>
        /\slang="[^"]*"/.test(tag)
          ? tag.replace(/\slang="[^"]*"/, ` ${lang}`)
          : tag.replace(/^<html/i, `<html ${lang}`),
      );
      read.byLanguage.set(language, page);
    }
    return page;
  }

  #current() {
    const modified = fs.statSync(this.file).mtimeMs;
    if (this.#read?.modified !== modified)
      this.#read = { modified, html: fs.readFileSync(this.file, 'utf8'), byLanguage: new Map() };
    return this.#read;
  }
}
