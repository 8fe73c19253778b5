import type { Language } from '@account-centre/contract';
import { DEMO_COURSES } from '../../apps/server/src/cli/courses-demo.js';
import { DEMO_COUPON_INFO } from '../../apps/server/src/cli/demo-seed.js';
import { DEMO_CASHBACK_TITLES, DEMO_TEMPLATES as DEMO_SOLD } from '../../apps/server/src/cli/income-demo.js';
import { DEMO_TEMPLATES as DEMO_BOUGHT } from '../../apps/server/src/cli/points-demo.js';
import { demoUser, domesticUrl, expect, overseasUrl, signInAs, test } from '../fixtures.js';

// Decision 058: the demo's titles are an operator's texts given in every language, so the demo
// account reads them in the page's language on either site.

const HAN = /[\u3400-\u9fff]/;

/** Each screen with the demo titles it shows, by language. */
const screens: {
  path: string;
  tab?: Record<'en' | 'zh', string>;
  /** The list of the account's own records, where a screen also shows what everyone is offered. */
  list?: Record<'en' | 'zh', string>;
  titles: (language: Language) => string[];
}[] = [
  // The recommendations are the whole catalogue, which other tests add courses to in one
  // language: the demo's own courses are the list of the account's.
  {
    path: '/course',
    list: { en: 'My courses', zh: '我的课程' },
    titles: (language) => DEMO_COURSES.map((course) => course.names[language]),
  },
  // The demo holds its template coupon, or the sale coupon of its coupon code once a test has
  // redeemed that (one coupon is held at a time): either reads in the page's language.
  {
    path: '/coupon',
    titles: (language) => [DEMO_COUPON_INFO.held[language], DEMO_COUPON_INFO.offered[language]],
  },
  {
    path: '/property',
    tab: { en: 'Income record', zh: '收益记录' },
    titles: (language) => [...DEMO_SOLD.map((sold) => sold.titles[language]), DEMO_CASHBACK_TITLES[language]],
  },
  { path: '/template', titles: (language) => DEMO_BOUGHT.map((bought) => bought.titles[language]) },
];

const anyOf = (texts: string[]) =>
  new RegExp(texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));

test('the demo’s course, coupon, income and template titles: English on the domestic site, Chinese on the overseas one', async ({
  page,
}) => {
  const demo = demoUser();
  const main = page.getByRole('main');
  for (const [site, url, language, other] of [
    ['domestic', domesticUrl, 'en', 'zh'],
    ['overseas', overseasUrl, 'zh', 'en'],
  ] as const) {
    await signInAs(page, demo, new URL(url('/')).origin);
    for (const screen of screens) {
      await page.goto(url(`${screen.path}?lang=${language}`));
      if (screen.tab) await main.getByRole('tab', { name: screen.tab[language] }).click();
      const shown = screen.titles(language);
      const own = screen.list ? main.getByRole('list', { name: screen.list[language], exact: true }) : main;
      await expect(own.getByText(anyOf(shown)).first(), `${site} ${screen.path}`).toBeVisible();
      await expect(own, `${site} ${screen.path}`).not.toContainText(anyOf(screen.titles(other)));
      // Nothing of the screen is in Chinese on the English page.
      if (language === 'en') await expect(own, `${site} ${screen.path}`).not.toContainText(HAN);
    }
  }
});
