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
const screens: { path: string; tab?: Record<'en' | 'zh', string>; titles: (language: Language) => string[] }[] = [
  { path: '/course', titles: (language) => DEMO_COURSES.map((course) => course.names[language]) },
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
      await expect(main.getByText(anyOf(shown)).first(), `${site} ${screen.path}`).toBeVisible();
      await expect(main, `${site} ${screen.path}`).not.toContainText(anyOf(screen.titles(other)));
      // Nothing of the screen is in Chinese on the English page.
      if (language === 'en') await expect(main, `${site} ${screen.path}`).not.toContainText(HAN);
    }
  }
});
