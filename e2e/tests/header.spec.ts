import type { Locator, Page } from '@playwright/test';
import { domesticUrl, expect, overseasUrl, registeredBeforeAll, signInAndOpen, test } from '../fixtures.js';

const ARTIFACTS = 'artifacts';

const users = registeredBeforeAll({ overseas: 'overseas' });

async function width(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  return Math.round(box?.width ?? 0);
}

/** Nothing in the header is cut off: no element's content is wider than the element itself. */
async function expectNothingClipped(page: Page, selector: string) {
  const clipped = await page.evaluate((root) => {
    const problems: string[] = [];
    for (const scope of document.querySelectorAll(root)) {
      for (const element of scope.querySelectorAll<HTMLElement>('a, button, span, p, div')) {
        const style = getComputedStyle(element);
        if (style.display === 'none' || element.offsetParent === null) continue;
        if (element.scrollWidth > element.clientWidth + 1 && ['hidden', 'clip'].includes(style.overflowX)) {
          problems.push(element.textContent?.trim().slice(0, 40) ?? element.tagName);
        }
      }
    }
    return problems;
  }, selector);
  expect(clipped).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('international variant (spec 02 §2)', () => {
  test('has products, diagrams, resources, support, download, pricing, sign-in and search', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=en'));
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Products', 'Diagrams', 'Resources'])
      await expect(nav.getByRole('button', { name })).toBeVisible();
    for (const name of ['Support', 'Download', 'Pricing']) {
      const link = nav.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
    }
    await expect(header.getByRole('link', { name: 'Search' })).toHaveAttribute(
      'href',
      'https://www.example.com/search',
    );
    await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await nav.getByRole('button', { name: 'Diagrams' }).click();
    const diagrams = page.getByRole('menu', { name: 'Diagrams' });
    await expect(diagrams).toBeVisible();
    expect(await width(diagrams)).toBe(800);
    await expect(diagrams.getByRole('menuitem', { name: 'Flowchart' })).toHaveAttribute('target', '_blank');
    await page.screenshot({ path: `${ARTIFACTS}/header-en-diagrams-1440.png`, animations: 'disabled' });

    await page.keyboard.press('Escape');
    await nav.getByRole('button', { name: 'Products' }).click();
    const products = page.getByRole('menu', { name: 'Products' });
    await expect(products).toBeVisible();
    expect(await width(products)).toBe(626);
    await expect(products.getByRole('menuitem')).toHaveCount(7);
  });

  test('collapses an open menu when the window is resized', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=en'));
    await page.getByRole('banner').getByRole('button', { name: 'Products' }).click();
    await expect(page.getByRole('menu', { name: 'Products' })).toBeVisible();
    await page.setViewportSize({ width: 1300, height: 900 });
    await expect(page.getByRole('menu', { name: 'Products' })).toBeHidden();
  });

  test('gives Korean a narrow product menu and no diagram catalogue', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=kr'));
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('button', { name: '다이어그램' })).toHaveCount(0);
    await nav.getByRole('button', { name: '제품' }).click();
    const products = page.getByRole('menu', { name: '제품' });
    await expect(products).toBeVisible();
    expect(await width(products)).toBe(260);
  });

  test('leaves pricing and download out of the Mac store build', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=en&platform=mas'));
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Support' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Download' })).toHaveCount(0);
  });

  test('is not shown inside the desktop client', async ({ page }) => {
    await page.goto(overseasUrl('/account?lang=en&from=maxPC'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

test.describe('China variant (spec 02 §2)', () => {
  test('has the product menu, membership, business services, download, templates, support and sign-in', async ({
    page,
  }) => {
    const tag = page.waitForResponse((response) => response.url().includes('/api/user/activity/baricon?position=1'));
    await page.goto(domesticUrl('/account'));
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: '主导航' });
    for (const name of ['会员', '企业服务', '下载', '模板社区', '帮助中心']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('target', '_blank');
    }
    await expect(header.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(header.getByRole('button', { name: '注册' })).toBeVisible();
    await expect(header.getByRole('link', { name: '搜索' })).toHaveCount(0);
    // No campaign is running on a fresh server: the tag is asked for and nothing is shown.
    expect((await (await tag).json()).data).toBeNull();
    await expect(page.getByTestId('activity-tag')).toHaveCount(0);

    await nav.getByRole('button', { name: '产品' }).click();
    const products = page.getByRole('menu', { name: '产品' });
    await expect(products).toBeVisible();
    expect(await width(products)).toBe(626);
    await page.screenshot({ path: `${ARTIFACTS}/header-zh-products-1440.png`, animations: 'disabled' });

    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: '注册' }).click();
    await expect(page.getByRole('dialog', { name: '注册账号' })).toBeVisible();
  });
});

test.describe('the sign-out menu', () => {
  test('opens on hover and closes about 2 s after the pointer leaves', async ({ page }) => {
    await signInAndOpen(page, users.overseas, '/account?lang=en');
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await avatar.hover();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/header-en-user-menu-1440.png`, animations: 'disabled' });

    await page.mouse.move(700, 600);
    const left = Date.now();
    await page.waitForTimeout(1500);
    await expect(menu).toBeVisible();
    await expect(menu).toBeHidden({ timeout: 3000 });
    const closedAfter = Date.now() - left;
    expect(closedAfter).toBeGreaterThanOrEqual(1900);
    expect(closedAfter).toBeLessThan(3500);
  });

  test('closes at once on a click outside', async ({ page }) => {
    await signInAndOpen(page, users.overseas, '/account?lang=en');
    await page.getByRole('button', { name: 'Account menu' }).hover();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.mouse.click(700, 600);
    await expect(menu).toBeHidden({ timeout: 500 });
  });
});

test.describe('header in other languages, desktop and phone', () => {
  for (const language of ['de', 'ru', 'jp'] as const) {
    test(`${language} fits at 1440 px and 390 px`, async ({ page }) => {
      await page.goto(overseasUrl(`/account?lang=${language}`));
      const header = page.getByRole('banner');
      await expect(header.getByRole('navigation')).toBeVisible();
      await expectNothingClipped(page, 'header');
      await page.screenshot({ path: `${ARTIFACTS}/header-${language}-1440.png`, animations: 'disabled' });

      await header.getByRole('navigation').getByRole('button').first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNothingClipped(page, '[role="menu"]');
      await page.screenshot({ path: `${ARTIFACTS}/header-${language}-products-1440.png`, animations: 'disabled' });
      if (language !== 'jp') {
        await page.keyboard.press('Escape');
        await header.getByRole('navigation').getByRole('button').nth(1).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNothingClipped(page, '[role="menu"]');
        await page.screenshot({ path: `${ARTIFACTS}/header-${language}-diagrams-1440.png`, animations: 'disabled' });
      }

      await page.setViewportSize({ width: 390, height: 844 });
      await expect(header.getByRole('navigation')).toHaveCount(0);
      await expectNothingClipped(page, 'header');
      await page.screenshot({ path: `${ARTIFACTS}/header-${language}-390.png`, animations: 'disabled' });
      await header.getByRole('button').last().click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('navigation')).toBeVisible();
      await page.screenshot({ path: `${ARTIFACTS}/header-${language}-390-drawer.png`, animations: 'disabled' });
    });
  }
});

test.describe('header in every language', () => {
  test('fits the narrowest wide layout (1024 px) and a phone (390 px)', async ({ page }) => {
    test.setTimeout(120_000);
    for (const language of ['zh', 'en', 'de', 'fr', 'es', 'jp', 'tw', 'it', 'pt', 'kr', 'id', 'ru']) {
      for (const viewport of [
        { width: 1024, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(overseasUrl(`/account?lang=${language}`));
        await expect(page.getByRole('banner').getByRole('button').last()).toBeVisible();
        await expectNothingClipped(page, 'header');
        // Every item of the bar sits inside the window.
        const outside = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('header a, header button')]
            .filter((element) => element.offsetParent !== null)
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((element) => element.textContent),
        );
        expect(outside, `${language} at ${viewport.width} px`).toEqual([]);
      }
    }
  });
});
