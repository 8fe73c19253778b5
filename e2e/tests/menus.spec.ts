import { domesticUrl, expect, registeredBeforeAll, signInAndOpen, test } from '../fixtures.js';
import { menuEntries as menu } from '../menu.js';

const users = registeredBeforeAll({ domestic: 'domestic', overseas: 'overseas' });

const hrefs = (screens: string[], query: string) => screens.map((screen) => `/${screen}${query}`);

test.describe('menu entries by build (spec 01 §2)', () => {
  test('domestic default', async ({ page }) => {
    await signInAndOpen(page, users.domestic, '/account?lang=en');
    const entries = await menu(page);
    expect(entries.map(([, href]) => href)).toEqual(
      hrefs(
        ['account', 'order', 'devices', 'property', 'bind', 'message', 'coupon', 'template', 'aipoint', 'course'],
        '?lang=en',
      ),
    );
    expect(entries.map(([label]) => label)).toEqual([
      'My account',
      'Orders',
      'Devices',
      'Income',
      'Redeem code',
      'Messages',
      'Coupons',
      'Template credit',
      'AI points',
      'Courses',
    ]);
  });

  test('domestic with banhref=1', async ({ page }) => {
    await signInAndOpen(page, users.domestic, '/account?banhref=1&lang=en');
    expect((await menu(page)).map(([, href]) => href)).toEqual(
      hrefs(['account', 'devices', 'bind'], '?banhref=1&lang=en'),
    );
  });

  test('the project product (tend=project)', async ({ page }) => {
    await signInAndOpen(page, users.domestic, '/account?tend=project&lang=en');
    expect((await menu(page)).map(([, href]) => href)).toEqual(
      hrefs(['account', 'order', 'devices', 'bind', 'message', 'coupon'], '?tend=project&lang=en'),
    );
  });

  test('the mind-map product, domestic (tend=mind), in the build’s own language', async ({ page }) => {
    await signInAndOpen(page, users.domestic, '/account?tend=mind');
    // No lang: the domestic build is in Chinese.
    expect(await menu(page, '账号中心栏目')).toEqual([
      ['我的账号', '/account?tend=mind'],
      ['设备管理', '/devices?tend=mind'],
    ]);
  });

  test('overseas', async ({ page }) => {
    await signInAndOpen(page, users.overseas, '/account');
    const entries = await menu(page);
    expect(entries).toEqual([
      ['My account', '/account'],
      ['Orders', '/order'],
      ['Activate licence', '/license'],
      ['Devices', '/devices'],
      ['AI points', '/aipoint'],
    ]);
  });

  test('the Mac store build overseas (platform=mas)', async ({ page }) => {
    await signInAndOpen(page, users.overseas, '/account?platform=mas');
    expect((await menu(page)).map(([, href]) => href)).toEqual(hrefs(['account', 'devices'], '?platform=mas'));
  });

  test('a menu entry opens its screen and keeps the query string; the team route without a team goes to account', async ({
    page,
  }) => {
    await signInAndOpen(page, users.domestic, '/account?lang=en&pid=5371');
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    expect(page.url()).toBe(domesticUrl('/order?lang=en&pid=5371'));
    await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');

    await page.goto(domesticUrl('/team?lang=en'));
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    expect(page.url()).toBe(domesticUrl('/account?lang=en'));
    expect((await menu(page)).map(([label]) => label)).not.toContain('Team');
  });
});
