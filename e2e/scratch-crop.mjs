import { chromium } from '@playwright/test';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--host-resolver-rules=MAP *.example.cn 127.0.0.1, MAP *.example.com 127.0.0.1'],
});
const ctx = await browser.newContext({ viewport: { width: 390, height: 900 }, deviceScaleFactor: 2 });
const page = await ctx.newPage();
const origin = 'http://account.example.cn:8080';
await page.goto(`${origin}/api/health`);
const r = await page.evaluate(async () => {
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Refresh-Cookie': '1' },
    body: JSON.stringify({ account: 'demo@example.com', password: 'Demo-Account-2026' }),
  });
  return (await res.json()).data;
});
await page.evaluate(
  (r) =>
    localStorage.setItem(
      'account-centre.session',
      JSON.stringify({
        userId: r.user_id,
        token: r.token,
        refreshToken: '',
        refreshCookie: true,
        expiresAt: Date.now() + r.expires_in * 1000,
      }),
    ),
  r,
);
await page.goto(`${origin}/aipoint?lang=${process.argv[2] ?? 'en'}`);
await page.waitForLoadState('networkidle');
const chart = page
  .locator('section')
  .filter({ has: page.getByRole('img') })
  .last();
if (process.argv[3] === 'feature') await page.getByText(/By feature|按功能|Nach Funktion/).click();
if (process.argv[4] === 'table') await page.getByRole('button', { name: /table|表格/i }).click();
await chart.screenshot({ path: '/tmp/shots/chart.png' });
await browser.close();
