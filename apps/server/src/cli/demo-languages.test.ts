import {
  getCouponsRoute,
  getIncomeDetailRoute,
  type Language,
  languages,
  languageTags,
  listNotificationsRoute,
  listPurchasedCoursesRoute,
  listRecommendedCoursesRoute,
  listTemplateCreditRecordsRoute,
  type Region,
} from '@account-centre/contract';
import { beforeAll, expect, it } from 'vitest';
import { login } from '../../test/helpers/auth.js';
import { call } from '../../test/helpers/call.js';
import { describeOnEachDialect } from '../../test/helpers/test-app.js';
import { hostOf } from '../../test/helpers/users.js';
import { sanitiseNotice } from '../modules/messages/messages.service.js';
import { DEMO_COURSES } from './courses-demo.js';
import { DEMO_COUPON_INFO, ensureDemoAccount } from './demo-seed.js';
import { DEMO_CASHBACK_TITLES, DEMO_TEMPLATES as DEMO_SOLD } from './income-demo.js';
import { DEMO_BROADCAST, DEMO_MESSAGES } from './messages-demo.js';
import { DEMO_TEMPLATES as DEMO_BOUGHT } from './points-demo.js';

/** The demo's texts are an operator's, given in every language (docs/decisions/058). */
describeOnEachDialect('the demo account’s texts in every language, on $name', (t) => {
  let demo: { userId: number; token: string };
  beforeAll(async () => {
    const seeded = await ensureDemoAccount(t.app);
    const signedIn = await login(t, { account: seeded.email, password: seeded.password });
    demo = { userId: seeded.user_id, token: signedIn.json().data.token as string };
  });

  const read = async (language: Language, region: Region) => {
    const as = { ...demo, region };
    const options = { as, host: hostOf(region), headers: { 'accept-language': languageTags[language] } };
    const [recommended, held, coupons, em, mm, templates, messages] = await Promise.all([
      call(t, listRecommendedCoursesRoute, options),
      call(t, listPurchasedCoursesRoute, options),
      call(t, getCouponsRoute, options),
      call(t, getIncomeDetailRoute, { ...options, query: { product: 'em', count: 50, start: 0 } }),
      call(t, getIncomeDetailRoute, { ...options, query: { product: 'mm', count: 50, start: 0 } }),
      call(t, listTemplateCreditRecordsRoute, { ...options, query: { count: 50 } }),
      call(t, listNotificationsRoute, { ...options, query: { count: 50 } }),
    ]);
    return {
      courses: new Set([
        ...recommended.ok().data.map((course) => course.name),
        ...held.ok().data.map((course) => course.lesson_name),
      ]),
      coupons: coupons.ok().data.flatMap((coupon) => coupon.info),
      income: new Set([...em.ok().data.income, ...mm.ok().data.income].map((entry) => entry.title)),
      templates: new Set(templates.ok().data.list.map((record) => record.work_title)),
      messages: new Set(messages.ok().data.notify.map((message) => message.content)),
    };
  };

  it.each(languages)('reads every demo title and message in %s on both sites', async (language) => {
    const titles = {
      courses: new Set(DEMO_COURSES.map((course) => course.names[language])),
      coupons: [DEMO_COUPON_INFO.held[language]],
      income: new Set([...DEMO_SOLD.map((sold) => sold.titles[language]), DEMO_CASHBACK_TITLES[language]]),
      templates: new Set(DEMO_BOUGHT.map((bought) => bought.titles[language])),
    };
    const notices = [...DEMO_MESSAGES.map((message) => message.contents[language]), DEMO_BROADCAST[language]];
    for (const region of ['domestic', 'overseas'] as const) {
      const { messages, ...seen } = await read(language, region);
      expect(seen).toEqual(titles);
      // Beside the product's own messages of the demo's orders and teams.
      expect([...messages]).toEqual(expect.arrayContaining(notices.map(sanitiseNotice)));
    }
  });

  it('stores each text with all 12 languages, as an operator’s translated text is stored', async () => {
    const db = t.app.db;
    const columns = await Promise.all([
      db.selectFrom('courses').select('name_translations as stored').execute(),
      db.selectFrom('coupons').select('info_translations as stored').execute(),
      db.selectFrom('income_entries').select('title_translations as stored').execute(),
      db.selectFrom('template_credit_spends').select('work_title_translations as stored').execute(),
      db.selectFrom('notices').select('content_translations as stored').where('kind', 'is', null).execute(),
    ]);
    for (const [table, rows] of columns.entries()) {
      expect(rows.length, `table ${table}`).toBeGreaterThan(0);
      for (const { stored } of rows)
        expect(Object.keys(JSON.parse(stored ?? '{}')).sort(), `table ${table}`).toEqual([...languages].sort());
    }
  });
});
