import { chromium } from '@playwright/test';
const [, , host, paths, langs, widths] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--host-resolver-rules=MAP *.example.cn 127.0.0.1, MAP *.example.com 127.0.0.1'],
});
for (const width of widths.split(',')) {
  const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
  const page = await ctx.newPage();
  const origin = `http://${host}:8080`;
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
          refreshToken: r.refresh_token ?? '',
          ...(r.refresh_token === undefined ? { refreshCookie: true } : {}),
          expiresAt: Date.now() + r.expires_in * 1000,
        }),
      ),
    r,
  );
  for (const lang of langs.split(','))
    for (const p of paths.split(',')) {
      await page.goto(`${origin}${p}${p.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      const file = `/tmp/shots/${host.split('.').pop()}-${p.replace(/[/?=&]/g, '_')}-${lang}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  await ctx.close();
}
await browser.close();
