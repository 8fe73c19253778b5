import { activityBariconRoute } from '@account-centre/contract';
import { expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { clearTag, setTag } from './activity.service.js';

describeOnEachDialect('activity tag on $name', (t) => {
  const domestic = { host: 'account.example.cn' };
  const overseas = { host: 'account.example.com' };
  const baricon = (region: { host: string }, position = 1) =>
    call(t, activityBariconRoute, { query: { position }, ...region });

  // Tags are the whole app's: each test uses positions of its own, so none sees another's.
  it('answers null when no tag is running', async () => {
    const res = await baricon(domestic, 5);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: null });
  });

  it('answers the region’s own tag before a tag for all regions', async () => {
    const now = t.clock.now();
    await setTag(
      t.app.db,
      { position: 1, region: 'all', name: 'Sale', url: 'https://example.com/sale', startsAt: null, endsAt: null },
      now,
    );
    await setTag(
      t.app.db,
      { position: 1, region: 'domestic', name: '双十一', url: 'https://example.cn/1111', startsAt: null, endsAt: null },
      now,
    );
    expect((await baricon(domestic)).ok().data).toEqual({ name: '双十一', url: 'https://example.cn/1111' });
    expect((await baricon(overseas)).ok().data).toEqual({ name: 'Sale', url: 'https://example.com/sale' });
  });

  it('hides a tag outside its time window', async () => {
    const now = t.clock.now();
    await setTag(
      t.app.db,
      {
        position: 2,
        region: 'all',
        name: 'Soon',
        url: 'https://example.com/soon',
        startsAt: now + 60,
        endsAt: now + 120,
      },
      now,
    );
    expect((await baricon(overseas, 2)).ok().data).toBeNull();
    t.clock.advance(61);
    expect((await baricon(overseas, 2)).ok().data).toEqual({ name: 'Soon', url: 'https://example.com/soon' });
    t.clock.advance(60);
    expect((await baricon(overseas, 2)).ok().data).toBeNull();
  });

  it('removes a tag', async () => {
    const now = t.clock.now();
    const tag = { position: 4, name: 'Sale', startsAt: null, endsAt: null } as const;
    await setTag(t.app.db, { ...tag, region: 'all', url: 'https://example.com/sale' }, now);
    await setTag(t.app.db, { ...tag, region: 'domestic', url: 'https://example.cn/sale' }, now);
    expect(await clearTag(t.app.db, 4, 'domestic')).toBe(true);
    expect((await baricon(domestic, 4)).ok().data).toEqual({ name: 'Sale', url: 'https://example.com/sale' });
    expect(await clearTag(t.app.db, 4, 'domestic')).toBe(false);
  });

  it('refuses a script URL and a missing or bad position', async () => {
    await expect(
      setTag(
        t.app.db,
        { position: 3, region: 'all', name: 'x', url: 'javascript:alert(1)', startsAt: null, endsAt: null },
        0,
      ),
    ).rejects.toMatchObject({ httpStatus: 400 });
    for (const position of ['', 'abc', '0', '21']) {
      // Positions as typed into a query string, some outside the contract's types: by hand.
      const res = await t.app.inject({
        method: 'GET',
        url: `${activityBariconRoute.path}?position=${position}`,
        headers: overseas,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', msg: 'invalid request' });
    }
  });
});
