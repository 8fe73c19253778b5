import { activityBariconRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { activityClearCommand, activitySetCommand } from './activity.commands.js';

describe.each(dialects)('activity tag commands on $name', (dialect) => {
  const t = suiteTestApp(dialect);

  const admin = cliRunner(() => t, [activitySetCommand, activityClearCommand]);
  const baricon = async (host: string) =>
    (await call(t, activityBariconRoute, { query: { position: 1 }, host })).ok().data;

  it('sets a tag the header route then answers, for its region only', async () => {
    const res = await admin(
      'activity:set',
      ...flags({ name: '会员节', url: 'https://example.cn/vip', region: 'domestic' }),
    );
    expect(res.code).toBe(0);
    expect(res.json).toMatchObject({ set: true, position: 1, region: 'domestic', name: '会员节' });
    expect(await baricon('account.example.cn')).toEqual({ name: '会员节', url: 'https://example.cn/vip' });
    expect(await baricon('account.example.com')).toBeNull();
  });

  it('ends a tag after the --until day', async () => {
    const today = new Date(t.clock.now() * 1000).toISOString().slice(0, 10);
    expect(
      (await admin('activity:set', '--name', 'Today', '--url', 'https://example.com/t', '--until', today)).code,
    ).toBe(0);
    expect(await baricon('account.example.com')).toEqual({ name: 'Today', url: 'https://example.com/t' });
    t.clock.advance(86_400);
    expect(await baricon('account.example.com')).toBeNull();
  });

  it('clears a tag', async () => {
    const set = await admin(
      'activity:set',
      ...flags({ name: '清仓', url: 'https://example.cn/sale', region: 'domestic' }),
    );
    expect(set.code).toBe(0);
    expect(await baricon('account.example.cn')).toEqual({ name: '清仓', url: 'https://example.cn/sale' });
    const res = await admin('activity:clear', '--region', 'domestic');
    expect(res.json).toEqual({ cleared: true, position: 1, region: 'domestic' });
    expect(await baricon('account.example.cn')).toBeNull();
  });

  it('refuses bad input with an error and changes nothing', async () => {
    for (const argv of [
      ['activity:set', '--name', 'x', '--url', 'javascript:alert(1)'],
      ['activity:set', '--name', 'x', '--url', 'https://example.com', '--until', '2026-02-30'],
      ['activity:set', '--name', 'x', '--url', 'https://example.com', '--position', 'first'],
      ['activity:set', '--name', '', '--url', 'https://example.com'],
      ['activity:set', '--url', 'https://example.com'],
    ]) {
      const res = await admin(...argv);
      expect(res.code).toBe(1);
      expect(res.error.error).toBeTruthy();
    }
    expect(await baricon('account.example.com')).toBeNull();
  });
});
