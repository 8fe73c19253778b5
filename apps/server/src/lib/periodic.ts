import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `everyMs` once the app is ready (never when `everyMs` is 0): a round still
 * running is not overtaken by the next, a failed round is logged and the next one tries again,
 * the timer never keeps the process alive, and closing the app waits for the round in flight
 * (`preClose`, while the database is still open).
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  everyMs: number,
  work: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;
  const tick = () => {
    if (round) return;
    round = work()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `${what} failed`),
      )
      .finally(() => {
        round = null;
      });
  };
  app.addHook('onReady', async () => {
    if (everyMs <= 0) return;
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await round;
  });
}
