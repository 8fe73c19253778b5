import {
  CHECKOUT_EVENT,
  checkoutEventsRoute,
  closeCheckoutRoute,
  createCheckoutRoute,
  getCheckoutCatalogueRoute,
  getCheckoutRoute,
  addCompanySeatsRoute,
  getCompanyOrdersRoute,
  getCompanyPricesRoute,
  isSettledCheckout,
  rechargeCompanyRoute,
  type PaymentMethod,
  pollCheckoutRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { namedLanguage, publicOrigin } from '../../lib/caller.js';
import { ok, okList, registerRoute, type RouteContext } from '../../lib/register-route.js';
import {
  abandonCheckout,
  catalogueFor,
  createCheckout,
  type CheckoutDto,
  currentCheckout,
  readCheckout,
} from './checkout.service.js';
import { companyOrders, companyPrices, type CompanyPurchase, openCompanyCheckout } from './company-checkout.service.js';
import { sandboxRoutes } from './sandbox/sandbox.routes.js';
import { handleNotification } from './settle.service.js';

/** How often an open event stream says it is alive, and reads the checkout again in case a change went unheard. */
export const CHECKOUT_HEARTBEAT_MS = 10_000;

/** A notification body larger than this is no provider's. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The checkout's calls (docs/decisions/037). */
export async function paymentRoutes(app: FastifyInstance) {
  const payments = app.payments;

  registerRoute(app, getCheckoutCatalogueRoute, async ({ caller }) =>
    ok(await catalogueFor(payments, caller.userId, caller)),
  );

  registerRoute(app, createCheckoutRoute, async ({ caller, body, request, idempotency }) =>
    ok(
      await createCheckout(
        payments,
        {
          userId: caller.userId,
          region: caller.region,
          item: body.item,
          product: body.product,
          quantity: body.quantity,
          method: body.method,
          useCoupon: body.use_coupon,
          payerOrigin: publicOrigin(request),
          language: namedLanguage(request),
          teamId: body.team_id,
        },
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );

  // A mind-map company's prices, payments and orders (spec 02 §7; docs/decisions/038).
  registerRoute(app, getCompanyPricesRoute, async ({ caller, query }) =>
    ok(await companyPrices(payments, { userId: caller.userId, companyId: query.cid, region: caller.region })),
  );
  registerRoute(app, getCompanyOrdersRoute, async ({ caller, query }) => {
    const orders = await companyOrders(payments, { userId: caller.userId, companyId: query.cid });
    return okList(orders, orders.length);
  });
  const payForCompany = (
    { caller, request, idempotency }: RouteContext<typeof rechargeCompanyRoute | typeof addCompanySeatsRoute>,
    query: { cid: number; method: PaymentMethod; use_coupon?: boolean | undefined },
    change: CompanyPurchase['change'],
  ) =>
    openCompanyCheckout(
      payments,
      {
        userId: caller.userId,
        region: caller.region,
        companyId: query.cid,
        method: query.method,
        useCoupon: query.use_coupon,
        payerOrigin: publicOrigin(request),
        language: namedLanguage(request),
        change,
      },
      (trx) => idempotency.markApplied(trx),
    );
  registerRoute(app, rechargeCompanyRoute, async (context) =>
    ok(await payForCompany(context, context.query, { kind: 'time', item: context.query.item })),
  );
  registerRoute(app, addCompanySeatsRoute, async (context) =>
    ok(await payForCompany(context, context.query, { kind: 'seats', seats: context.query.seats })),
  );

  registerRoute(app, getCheckoutRoute, async ({ caller, params }) =>
    ok(await readCheckout(payments, caller.userId, params.outTradeNo)),
  );

  registerRoute(app, closeCheckoutRoute, async ({ caller, params }) =>
    ok(await abandonCheckout(payments, caller.userId, params.outTradeNo)),
  );

  // Asked once a second by every waiting screen: the state only, without drawing the QR code.
  registerRoute(app, pollCheckoutRoute, async ({ caller, query }) => {
    const checkout = await currentCheckout(payments, caller.userId, query.out_trade_no);
    return ok({ out_trade_no: checkout.out_trade_no, state: checkout.state, paid: checkout.state === 'fulfilled' });
  });

  registerRoute(app, checkoutEventsRoute, async ({ caller, params, request, reply }) => {
    // Read before the stream opens: a checkout that is not the caller's is a plain 404.
    const first = await readCheckout(payments, caller.userId, params.outTradeNo);
    streamCheckout(request, reply, first, () => readCheckout(payments, caller.userId, params.outTradeNo));
    return reply as never;
  });

  if (payments.sandbox) await sandboxRoutes(app, payments.sandbox);

  // Providers' notifications: the body is read as it came, byte for byte, since the signature
  // covers exactly those bytes. Not in the API document: providers, not clients, call it.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    notify.route({
      method: 'POST',
      url: '/api/pay/notify/:provider',
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { provider: { type: 'string', pattern: '^[a-z]{1,16}$' } },
          required: ['provider'],
          additionalProperties: false,
        },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { provider } = request.params as { provider: string };
        const raw = typeof request.body === 'string' ? request.body : '';
        const handled = await handleNotification(payments, provider, request.headers, raw);
        const answer = payments.providers.byName(provider)?.acknowledge(handled) ?? {
          status: 404,
          body: '{"code":"FAIL"}',
          contentType: 'application/json; charset=utf-8',
        };
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });
}

/**
 * Server-Sent Events of one checkout: its state at once, again whenever it changes (heard through
 * CheckoutEvents, so from any instance), a heartbeat that also reads it again in case a change went
 * unheard, and the end of the stream once it has settled. The event id is the state, so a client
 * that reconnects with Last-Event-ID is answered with the current state as the first event anyway.
 */
function streamCheckout(
  request: FastifyRequest,
  reply: FastifyReply,
  first: CheckoutDto,
  read: () => Promise<CheckoutDto>,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // A proxy that buffers would hold the events back until the stream ends.
    'x-accel-buffering': 'no',
  });
  let last = '';
  let closed = false;
  const send = (checkout: CheckoutDto) => {
    const data = JSON.stringify(checkout);
    if (data === last || closed) return;
    last = data;
    raw.write(`id: ${checkout.state}\nevent: ${CHECKOUT_EVENT}\ndata: ${data}\n\n`);
    if (isSettledCheckout(checkout.state)) finish();
  };
  let reading: Promise<void> | null = null;
  const refresh = () => {
    if (reading || closed) return;
    reading = read()
      .then(send, (error: unknown) => request.log.warn({ err: error }, 'checkout event stream could not read'))
      .finally(() => {
        reading = null;
      });
  };
  const streams = request.server.checkoutStreams;
  const stopListening = request.server.payments.events.listen(first.out_trade_no, refresh);
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(': alive\n\n');
    refresh();
  }, CHECKOUT_HEARTBEAT_MS);
  // An unpaid checkout closes at its time: read it then, so the screen hears without waiting.
  const untilExpiry = Math.max(0, first.expires_at * 1000 - Date.now()) + 1000;
  const expiry = untilExpiry < 2_147_483_647 ? setTimeout(refresh, untilExpiry) : null;
  function finish() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    if (expiry) clearTimeout(expiry);
    stopListening();
    streams.delete(finish);
    raw.end();
  }
  streams.add(finish);
  request.raw.on('close', finish);
  send(first);
}
