import {
  createCheckoutRoute,
  getCouponsRoute,
  getIncomeDetailRoute,
  listNotificationsRoute,
  listRecommendedCoursesRoute,
  sendCodeRoute,
} from '@account-centre/contract';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { sandboxRefOf } from '../../../test/helpers/sandbox.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { DOMESTIC_HOST, OVERSEAS_HOST, uniqueEmail } from '../../../test/helpers/auth.js';
import { type SignedInUser, testUser } from '../../../test/helpers/users.js';
import { recogniseStoredMessages } from '../../db/migrations/2026-12-02-914-texts-in-the-readers-language.js';
import { holdCoupon } from '../coupons/coupons.service.js';
import { listForRecipient } from '../outbox/outbox.repository.js';
import { notifyText } from './notify.js';

/** Texts in the language of whoever reads them (docs/decisions/058). */
describeOnEachDialect('texts in the reader’s language on $name', (t, dialect) => {
  const cli = cliRunner(() => t);

  const acceptLanguage = (tag: string | undefined): Record<string, string> => (tag ? { 'accept-language': tag } : {});
  const messagesOf = async (user: SignedInUser, tag?: string) =>
    (await call(t, listNotificationsRoute, { as: user, query: { count: 50 }, headers: acceptLanguage(tag) }))
      .ok()
      .data.notify.map((message) => message.content);
  const ok = (result: { code: number; error: unknown }) => expect(result.code, JSON.stringify(result.error)).toBe(0);

  it('writes out a product message in the language of each reading: en, de, jp, zh', async () => {
    const buyer = await testUser(t, { region: 'overseas' });
    const recorded = await cli(
      ...['order:record', '--user', String(buyer.userId), '--product', 'max', '--type', '209'],
      ...['--name', 'Diagram 1 year', '--amount', '9900', '--channel', 'online'],
    );
    ok(recorded);
    const order = recorded.json.order_id as string;
    const expected = (language: 'en' | 'de' | 'jp' | 'zh') => [
      `<p>${notifyText('paymentReceived', language, { order }, 'overseas')}</p>`,
    ];
    expect(await messagesOf(buyer, 'en-GB,en;q=0.9')).toEqual(expected('en'));
    expect(await messagesOf(buyer, 'de-DE')).toEqual(expected('de'));
    expect(await messagesOf(buyer, 'ja')).toEqual(expected('jp'));
    expect(await messagesOf(buyer, 'zh-CN')).toEqual(expected('zh'));
    expect(expected('en')[0]).toBe(`<p>We received your payment for order ${order}. Thank you for your purchase.</p>`);
    expect(expected('zh')[0]).toContain('我们已收到订单');
    // A client naming no language reads in the account's own.
    await t.app.db.updateTable('users').set({ language: 'kr' }).where('id', '=', buyer.userId).execute();
    expect(await messagesOf(buyer)).toEqual([`<p>${notifyText('paymentReceived', 'kr', { order }, 'overseas')}</p>`]);
  });

  it('turns a product message stored as a sentence into its kind; one it cannot read keeps its sentence', async () => {
    const reader = await testUser(t, { region: 'overseas' });
    const joined = `<p>${notifyText('teamJoined', 'zh', { team: 'R&D <core>' }, 'domestic')}</p>`;
    const expiring = `<p>${notifyText('pointsExpiring', 'zh', { points: 40, date: { date: t.clock.now() } }, 'domestic')}</p>`;
    for (const [content, at] of [
      [joined, 1],
      [expiring, 2],
    ] as const) {
      const notice = await t.app.db
        .insertInto('notices')
        .values({
          audience: 'users',
          audience_value: null,
          type: 'system',
          content,
          created_at: t.clock.now() - at,
          withdrawn_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.app.db.insertInto('notice_recipients').values({ notice_id: notice.id, user_id: reader.userId }).execute();
    }
    await recogniseStoredMessages(t.app.db as never);
    expect(await messagesOf(reader, 'en')).toEqual(['<p>You joined the team “R&amp;D &lt;core&gt;”.</p>', expiring]);
    expect(await messagesOf(reader, 'de')).toEqual([
      '<p>Sie sind dem Team „R&amp;D &lt;core&gt;“ beigetreten.</p>',
      expiring,
    ]);
  });

  it('shows an operator’s notice in the best of its languages', async () => {
    const overseas = await testUser(t, { region: 'overseas' });
    const domestic = await testUser(t, { region: 'domestic' });
    const sent = await cli(
      ...['notice:send', '--to', 'users', '--users', `${overseas.userId},${domestic.userId}`],
      ...['--content', '<p>Maintenance tonight</p>', '--content-zh', '<p>今晚维护</p>'],
      ...['--content-de', '<p>Heute Nacht Wartung</p>'],
    );
    ok(sent);
    expect(await messagesOf(overseas, 'de')).toEqual(['<p>Heute Nacht Wartung</p>']);
    expect(await messagesOf(overseas, 'zh-TW')).toEqual(['<p>今晚维护</p>']);
    expect(await messagesOf(overseas, 'ja')).toEqual(['<p>Maintenance tonight</p>']);
    // A language not given reads the untagged text, on either site.
    expect(await messagesOf(domestic, 'ja')).toEqual(['<p>Maintenance tonight</p>']);
    expect(await messagesOf(domestic, 'fr')).toEqual(['<p>Maintenance tonight</p>']);
    // Only languages, and at least one text, are taken.
    expect((await cli('notice:send', '--to', 'all', '--content-xx', 'x')).code).toBe(1);
    expect((await cli('notice:send', '--to', 'all')).code).toBe(1);
  });

  it('shows an untagged notice to a reader whose language it was not given in, before the region’s language', async () => {
    const domestic = await testUser(t, { region: 'domestic' });
    const overseas = await testUser(t, { region: 'overseas' });
    ok(
      await cli(
        ...['notice:send', '--to', 'users', '--users', String(domestic.userId)],
        ...['--content', '<p>Maintenance tonight</p>', '--content-zh', '<p>今晚维护</p>'],
      ),
    );
    expect(await messagesOf(domestic, 'en-US')).toEqual(['<p>Maintenance tonight</p>']);
    expect(await messagesOf(domestic, 'zh-CN')).toEqual(['<p>今晚维护</p>']);
    // The reverse: an untagged Chinese text with an English one, read overseas in Chinese.
    ok(
      await cli(
        ...['notice:send', '--to', 'users', '--users', String(overseas.userId)],
        ...['--content', '<p>今晚维护</p>', '--content-en', '<p>Maintenance tonight</p>'],
      ),
    );
    expect(await messagesOf(overseas, 'zh-CN')).toEqual(['<p>今晚维护</p>']);
    expect(await messagesOf(overseas, 'en')).toEqual(['<p>Maintenance tonight</p>']);
  });

  it('gives courses, coupons and income titles in the languages an operator gave them', async () => {
    const reader = await testUser(t, { region: 'domestic' });
    ok(
      await cli(
        ...['course:define', '--id', `lang-${dialect.name}`, '--product', 'max', '--sale-way', '1'],
        ...['--link', 'https://academy.example.com/x', '--name', 'Flowchart basics'],
        ...['--name-zh', '流程图入门', '--name-tw', '流程圖入門', '--name-de', 'Flussdiagramme für Einsteiger'],
      ),
    );
    const courseName = async (tag: string) =>
      (await call(t, listRecommendedCoursesRoute, { as: reader, headers: acceptLanguage(tag) }))
        .ok()
        .data.find((course) => course.id === `lang-${dialect.name}`)?.name;
    expect(await courseName('zh-CN')).toBe('流程图入门');
    expect(await courseName('zh-TW')).toBe('流程圖入門');
    expect(await courseName('de')).toBe('Flussdiagramme für Einsteiger');
    expect(await courseName('ru')).toBe('Flowchart basics');

    const defined = await cli(
      ...['coupon:define', '--type', '1', '--value', '500', '--info-en', 'Template coupon'],
      ...['--info-zh', '模板优惠券', '--info-jp', 'テンプレートクーポン'],
    );
    ok(defined);
    await t.app.db
      .transaction()
      .execute((trx) =>
        holdCoupon(
          trx,
          reader.userId,
          defined.json.id,
          { kind: 'operator', id: 'lang', reason: 't' },
          false,
          t.clock.now(),
        ),
      );
    const couponInfo = async (tag: string) =>
      (await call(t, getCouponsRoute, { as: reader, headers: acceptLanguage(tag) })).ok().data[0]?.info;
    expect(await couponInfo('ja')).toEqual(['テンプレートクーポン']);
    expect(await couponInfo('en')).toEqual(['Template coupon']);
    expect(await couponInfo('zh-CN')).toEqual(['模板优惠券']);
    // Given no untagged text, a language not given reads the region's: Chinese on the domestic site.
    expect(await couponInfo('fr')).toEqual(['模板优惠券']);

    ok(
      await cli(
        ...['income:cashback', '--user', String(reader.userId), '--product', 'mm', '--order', `lang-${dialect.name}`],
        ...[
          '--amount',
          '500',
          '--title-en',
          'A friend you invited bought a plan',
          '--title-zh',
          '你邀请的好友购买了会员',
        ],
      ),
    );
    const titles = async (tag: string) =>
      (await call(t, getIncomeDetailRoute, { as: reader, query: { product: 'mm' }, headers: acceptLanguage(tag) }))
        .ok()
        .data.income.map((entry) => entry.title);
    expect(await titles('zh-CN')).toEqual(['你邀请的好友购买了会员']);
    expect(await titles('en')).toEqual(['A friend you invited bought a plan']);
  });

  it('sends a code in one language: the account’s own, else the page’s it was asked from', async () => {
    const subjectFor = async (email: string, tag: string | undefined, host: 'overseas' | 'domestic') => {
      const sent = await call(t, sendCodeRoute, {
        body: { purpose: 1, email },
        host: host === 'overseas' ? OVERSEAS_HOST : DOMESTIC_HOST,
        headers: acceptLanguage(tag),
      });
      expect(sent.status).toBe(200);
      const [message] = await listForRecipient(t.app.db, email, 1);
      return message!;
    };
    const german = await subjectFor(uniqueEmail('de'), 'de-DE,de;q=0.9', 'overseas');
    expect(german.subject).toMatch(/^\d{6} ist Ihr Bestätigungscode$/);
    expect(german.body).toContain('Ihr Konto zu erstellen');
    const english = await subjectFor(uniqueEmail('en'), 'en-US', 'overseas');
    expect(english.subject).toMatch(/^\d{6} is your verification code$/);
    expect(english.body).not.toMatch(/[\u4e00-\u9fff]/);
    const chinese = await subjectFor(uniqueEmail('zh'), undefined, 'domestic');
    expect(chinese.subject).toMatch(/^您的验证码是 \d{6}$/);
    expect(chinese.body).not.toMatch(/[A-Za-z]{3,}/);

    const account = await testUser(t, { region: 'overseas' });
    await t.app.db.updateTable('users').set({ language: 'jp' }).where('id', '=', account.userId).execute();
    const email = (
      await t.app.db.selectFrom('users').select('email').where('id', '=', account.userId).executeTakeFirstOrThrow()
    ).email as string;
    t.clock.advance(120);
    const japanese = await subjectFor(email, 'en', 'overseas');
    expect(japanese.subject).toMatch(/^認証コードは \d{6} です$/);
  });

  it('shows the sandbox’s pay page in the language of the checkout, whatever the browser says', async () => {
    const buyer = await testUser(t, { region: 'domestic' });
    const open = async (tag: string) =>
      (
        await call(t, createCheckoutRoute, {
          as: buyer,
          body: { item: 'ai.points1000', method: 'wxpay' },
          headers: acceptLanguage(tag),
        })
      ).ok().data;
    const page = async (payUrl: string | null, tag: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/sandbox/pay/${sandboxRefOf(payUrl)}`,
          headers: { 'accept-language': tag },
        })
      ).body;
    const chinese = await page((await open('zh-CN')).pay_url, 'en-US');
    expect(chinese).toContain('<html lang="zh-CN">');
    expect(chinese).toContain('确认支付');
    const german = await page((await open('de')).pay_url, 'zh-CN');
    expect(german).toContain('Bezahlen');
  });
});
