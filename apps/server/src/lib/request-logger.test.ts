import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.js';

/** A server whose log lines are collected as parsed JSON, with the lazy request logger. */
async function serverLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    request.log.debug('below the level');
    return 'ok';
  });
  app.get('/loud', async (request) => {
    request.log.warn({ step: 1 }, 'something to see');
    request.log.child({ part: 'payment' }).error('from a child');
    return 'ok';
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('a route of its own level');
    return 'ok';
  });
  await app.ready();
  return { app, lines };
}

describe('the lazy request logger', () => {
  it('makes no child logger for a request that writes no line at an enabled level', async () => {
    const { app, lines } = await serverLogging('warn');
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
    await app.inject('/loud');
    expect(child).toHaveBeenCalled();
    await app.close();
  });

  it('binds the request id to every line written, its children’s too', async () => {
    const { app, lines } = await serverLogging('warn');
    await app.inject('/loud');
    expect(lines.map(({ msg, reqId, step, part }) => ({ msg, reqId, step, part }))).toEqual([
      { msg: 'something to see', reqId: 'req-1', step: 1, part: undefined },
      { msg: 'from a child', reqId: 'req-1', step: undefined, part: 'payment' },
    ]);
    await app.close();
  });

  it('keeps Fastify’s own request lines at info, each with its request id', async () => {
    const { app, lines } = await serverLogging('info');
    await app.inject('/quiet');
    await app.inject('/quiet');
    expect(lines.map(({ msg, reqId }) => [msg, reqId])).toEqual([
      ['incoming request', 'req-1'],
      ['below the level', 'req-1'],
      ['request completed', 'req-1'],
      ['incoming request', 'req-2'],
      ['below the level', 'req-2'],
      ['request completed', 'req-2'],
    ]);
    await app.close();
  });

  it('honours a route’s own level', async () => {
    const { app, lines } = await serverLogging('warn');
    await app.inject('/chatty');
    expect(lines.filter(({ msg }) => msg === 'a route of its own level')).toHaveLength(1);
    await app.close();
  });
});
