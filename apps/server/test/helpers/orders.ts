import { recordOrder, type RecordOrderInput } from '../../src/modules/orders/orders.service.js';
import type { TestApp } from './test-app.js';

/**
 * An order of a plan, paid online and recorded for the person at the clock's time as a payment
 * records it; `values` are what the test's order has otherwise.
 */
export const recordPlanOrder = (t: TestApp, who: { userId: number }, values: Partial<RecordOrderInput> = {}) =>
  recordOrder(
    t.app.db,
    {
      userId: who.userId,
      product: 'max',
      type: 209,
      productName: 'Plan',
      amount: 28_000,
      channel: 'online',
      ...values,
    },
    t.clock.now(),
  );
