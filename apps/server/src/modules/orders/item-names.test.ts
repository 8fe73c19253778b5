import {
  checkoutItems,
  createCheckoutRoute,
  getLastSubscriptionOrderRoute,
  getOrdersRoute,
  languages,
} from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { payOnSandboxPage, sandboxRefOf, suiteCheckoutApp } from '../../../test/helpers/sandbox.js';
import { dialects } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { giveOrdersTheirItems } from '../../db/migrations/2026-12-02-915-order-items.js';
import { itemName, itemTargets } from './item-names.js';

const item = (key: string) => checkoutItems.find((candidate) => candidate.key === key)!;

describe('a checkout item’s name', () => {
  it('is written in every language, its numbers and money as the language writes them', () => {
    for (const catalogued of checkoutItems) {
      for (const target of [null, ...itemTargets]) {
        const names = languages.map((language) =>
          itemName(catalogued, { product: 'mind', quantity: 1200, target }, language),
        );
        for (const name of names) expect(name).not.toMatch(/[{}]/);
        // Chinese in two scripts may agree; every other language has words of its own.
        expect(new Set(names).size, names.join(' | ')).toBeGreaterThanOrEqual(languages.length - 1);
      }
    }
    expect(itemName(item('ai.points20000'), { product: null, quantity: 1 }, 'de')).toBe('20.000 KI-Punkte');
    expect(itemName(item('template.credit10'), { product: null, quantity: 1 }, 'zh')).toBe('¥10.00 模板券');
    expect(itemName(item('business.threeYears'), { product: null, quantity: 12, target: 'team' }, 'ru')).toBe(
      'Командный тариф, 3 года, мест: 12',
    );
    expect(itemName(item('business.oneYear'), { product: null, quantity: 5, target: 'company_time' }, 'jp')).toBe(
      '企業の期間を 1 年 延長、シート数：5',
    );
    expect(itemName(item('personal.lifetime'), { product: 'max', quantity: 1 }, 'en')).toBe('Lifetime plan (Diagram)');
  });
});

/** Names of orders and of what is paid for, in the reader's language (docs/decisions/058). */
describe.each(dialects)('order names in the reader’s language on $name', (dialect) => {
  const t = suiteCheckoutApp(dialect);
  const cli = cliRunner(() => t);

  const language = (tag: string) => ({ 'accept-language': tag });
  const historyNames = async (user: TestUser, tag: string) =>
    (await call(t, getOrdersRoute, { as: user, query: {}, headers: language(tag) }))
      .ok()
      .data.map((order) => order.product_name);

  async function buyOnPage(buyer: TestUser, tag: string, body: { item: string; product?: 'max' | 'mind' }) {
    const checkout = (
      await call(t, createCheckoutRoute, { as: buyer, body: { ...body, method: 'wxpay' }, headers: language(tag) })
    ).ok().data;
    // The browser says Chinese; the page and its item line keep the checkout's language.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/pay/${sandboxRefOf(checkout.pay_url)}`,
      headers: language('zh-CN'),
    });
    await payOnSandboxPage(t, checkout.pay_url);
    return { page: page.body, orderNo: checkout.out_trade_no };
  }

  it('names the item on the pay page in the checkout’s language, and the order in each reader’s', async () => {
    const buyer = await testUser(t, { region: 'domestic' });
    const { page, orderNo } = await buyOnPage(buyer, 'de-DE', { item: 'personal.oneYear', product: 'mind' });
    expect(page).toContain('1-Jahres-Tarif (Mindmap)');

    expect(await historyNames(buyer, 'zh-CN')).toEqual(['1 年版（思维导图）']);
    expect(await historyNames(buyer, 'ja')).toEqual(['1 年プラン（マインドマップ）']);
    expect(await historyNames(buyer, 'en-GB')).toEqual(['1-year plan (Mind map)']);
    const last = await call(t, getLastSubscriptionOrderRoute, {
      as: buyer,
      query: { product: 'mindmaster' },
      headers: language('fr'),
    });
    expect(last.ok().data).toMatchObject({ order_id: orderNo, product_name: 'Formule 1 an (Carte mentale)' });

    // An operator's order keeps the sentence it was recorded with, in any language.
    const recorded = await cli(
      ...['order:record', '--user', String(buyer.userId), '--product', 'max', '--type', '209'],
      ...['--name', 'Diagram 1 year (store)', '--amount', '9900', '--channel', 'online', '--date', '2026-01-01'],
    );
    expect(recorded.code, JSON.stringify(recorded.error)).toBe(0);
    expect(await historyNames(buyer, 'ko-KR')).toEqual(['1년 요금제(마인드맵)', 'Diagram 1 year (store)']);
  });

  it('gives orders paid before orders kept their item the item of their checkout', async () => {
    const buyer = await testUser(t, { region: 'domestic' });
    const { orderNo } = await buyOnPage(buyer, 'zh-CN', { item: 'ai.points5000' });
    const stored = () =>
      t.app.db
        .selectFrom('orders')
        .select(['item', 'item_target', 'product_name'])
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ item: 'ai.points5000', item_target: null, product_name: '5,000 AI points' });

    // As such an order was: its item unknown, only its sentence.
    await t.app.db.updateTable('orders').set({ item: null }).where('order_no', '=', orderNo).execute();
    expect(await historyNames(buyer, 'it')).toEqual(['5,000 AI points']);
    await giveOrdersTheirItems(t.app.db as never);
    expect((await stored()).item).toBe('ai.points5000');
    expect(await historyNames(buyer, 'de')).toEqual(['5.000 KI-Punkte']);
  });
});
