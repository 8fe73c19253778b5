import {
  type PlanHolding,
  type Region,
  checkoutItemByKey,
  checkoutOfferFacts,
  currencyOfRegion,
} from '@account-centre/contract';
import type { Checkout } from '../features/checkout/api/create-checkout';
import type { CheckoutCatalogue, CheckoutOffer } from '../features/checkout/api/get-catalogue';

/** An offer of the catalogue at the contract's default price in the region's currency. */
function offer(key: string, region: Region, facts: Partial<CheckoutOffer>): CheckoutOffer {
  const item = checkoutItemByKey(key);
  const price = item?.prices[currencyOfRegion(region)];
  if (!item || price === null || price === undefined) throw new Error(`${key} is not sold in the ${region} build`);
  return {
    key,
    kind: item.kind,
    price,
    quantity_max: 1,
    ...checkoutOfferFacts(item),
    ...facts,
  };
}

/** What the buyer holds of each personal plan product: by default nothing a purchase changes. */
export function testHoldings(held: Partial<Record<'max' | 'mind', Partial<PlanHolding>>> = {}): PlanHolding[] {
  return (['max', 'mind'] as const).map((product) => ({ product, forever: false, renewing: null, ...held[product] }));
}

/**
 * A catalogue as the server answers it in a region: a few of each kind, template credit in the
 * domestic build only, QR codes and transfers at home, cards abroad.
 */
export function testCatalogue(region: Region = 'domestic', holdings = testHoldings()): CheckoutCatalogue {
  const personal = { length: 'oneYear', ai_points: 6666 } as const;
  const business = { quantity_max: 1000 } as const;
  return {
    currency: currencyOfRegion(region),
    methods: region === 'domestic' ? ['wxpay', 'alipay', 'bank'] : ['card'],
    coupon: null,
    holdings,
    items: [
      offer('personal.continuousYearly', region, {
        ...personal,
        type: 220,
        continuous: true,
        ai_points: 1000,
      }),
      offer('personal.oneYear', region, { ...personal, type: 209 }),
      offer('personal.lifetime', region, {
        ...personal,
        type: 214,
        length: 'forever',
        ai_points: 66_666,
      }),
      offer('business.lifetime', region, { ...business, type: 8, length: 'forever' }),
      offer('business.oneYear', region, { ...business, type: 9, subtype: 1, length: 'oneYear' }),
      offer('ai.points1000', region, { ai_points: 1000 }),
      offer('ai.points5000', region, { ai_points: 5000 }),
      offer('ai.unlimitedMonth', region, { unlimited_days: 30 }),
      ...(region === 'domestic'
        ? [offer('template.credit10', region, { credit: 1000 }), offer('template.credit30', region, { credit: 3000 })]
        : []),
    ],
  };
}

export const TEST_QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0,0h1v1z"/></svg>';

/** An unpaid QR-code checkout of a 1-year diagram plan, 30 minutes from now; each test names what differs. */
export function testCheckout(overrides: Partial<Checkout> = {}): Checkout {
  const now = Math.floor(Date.now() / 1000);
  return {
    out_trade_no: '20261127093000000001',
    state: 'created',
    item: 'personal.oneYear',
    kind: 'personal',
    product: 'max',
    quantity: 1,
    method: 'wxpay',
    currency: 'CNY',
    list_amount: 28_000,
    discount: 0,
    amount: 28_000,
    created_at: now,
    expires_at: now + 1800,
    paid_at: null,
    closed_at: null,
    refunded_at: null,
    team_id: null,
    order_id: null,
    pay_url: 'http://account.example.cn/api/sandbox/pay/sandbox-1',
    qr_svg: TEST_QR_SVG,
    bank: null,
    ...overrides,
  };
}

/** An event stream the test writes to as the server would: the checkout's states, heartbeats, a drop. */
export function testEventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(started) {
      controller = started;
    },
  });
  const write = (text: string) => controller.enqueue(encoder.encode(text));
  return {
    body,
    send: (checkout: Checkout) =>
      write(`id: ${checkout.state}\nevent: checkout\ndata: ${JSON.stringify(checkout)}\n\n`),
    beat: () => write(': alive\n\n'),
    drop: () => controller.error(new TypeError('network error')),
    end: () => controller.close(),
  };
}
