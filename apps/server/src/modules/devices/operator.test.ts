import { getUserRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { activate, device, grantTeamSeat, listDevices, signInOn, slotState } from './test-support.js';
import { auditDetails } from '../../../test/helpers/audit.js';

describe.each(dialects)('operator commands for devices on $name', (dialect) => {
  const t = suiteTestApp(dialect);

  const admin = cliRunner(() => t);

  it('are listed by help', async () => {
    const names = (await admin('help')).json.commands.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['device:list', 'device:unbind', 'device:limit']));
  });

  it('device:list shows each product’s devices, used slots, limit, allowance and override', async () => {
    const ann: TestUser = await testUser(t);
    await grantTeamSeat(t, ann, 'max');
    await activate(t, ann.token, ann.userId, 'diagram', device('ANN-1', 'mac', 'MacBook'));

    const all = await admin('device:list', '--user', String(ann.userId));
    expect(all.code).toBe(0);
    expect(all.json).toEqual({
      user_id: ann.userId,
      products: [
        { product: 'mind-map', used: 0, limit: 1, entitled: 1, override: null, devices: [] },
        {
          product: 'diagram',
          used: 1,
          limit: 1,
          entitled: 1,
          override: null,
          devices: [
            {
              device_id: 'ANN-1',
              device_name: 'MacBook',
              platform: 'mac',
              tag: 'PC',
              product: 'diagram',
              current: false,
              activated_at: t.clock.now(),
              last_used_at: t.clock.now(),
            },
          ],
        },
        { product: 'project', used: 0, limit: 1, entitled: 1, override: null, devices: [] },
      ],
    });
    const one = await admin('device:list', '--user', String(ann.userId), '--product', 'diagram');
    expect(one.json.products.map((p: { product: string }) => p.product)).toEqual(['diagram']);

    expect((await admin('device:list', '--user', '999999')).error).toEqual({ error: 'user not found', code: 0 });
    expect((await admin('device:list', '--user', 'abc')).code).toBe(1);
    expect((await admin('device:list', '--user', String(ann.userId), '--product', 'max')).code).toBe(1);
  });

  it('device:limit raises a user’s limit for a product, and "default" returns it to the allowance', async () => {
    const bo = await testUser(t);
    await grantTeamSeat(t, bo, 'mind');
    await activate(t, bo.token, bo.userId, 'mind-map', device('BO-1'));
    expect((await activate(t, bo.token, bo.userId, 'mind-map', device('BO-2'))).status).toBe(409);

    const raised = await admin('device:limit', '--user', String(bo.userId), '--product', 'mind-map', '--limit', '3');
    expect(raised.json).toEqual({
      user_id: bo.userId,
      product: 'mind-map',
      used: 1,
      limit: 3,
      entitled: 1,
      override: 3,
    });
    for (const id of ['BO-2', 'BO-3']) {
      expect((await activate(t, bo.token, bo.userId, 'mind-map', device(id))).status).toBe(200);
    }
    expect((await activate(t, bo.token, bo.userId, 'mind-map', device('BO-4'))).status).toBe(409);
    const list = await listDevices(t, bo.token, bo.userId, 'mind-map');
    expect(list.body).toMatchObject({ count: 3, limit: 3 });

    // Back to the team seat's 1: the three active devices stay, a new one waits.
    const back = await admin('device:limit', ...flags({ user: bo.userId, product: 'mind-map', limit: 'default' }));
    expect(back.json).toMatchObject({ used: 3, limit: 1, override: null });
    expect((await activate(t, bo.token, bo.userId, 'mind-map', device('BO-4'))).status).toBe(409);
    expect((await activate(t, bo.token, bo.userId, 'mind-map', device('BO-1'))).status).toBe(200);

    // Zero refuses every new device of the product, for support cases such as abuse.
    await admin('device:limit', '--user', String(bo.userId), '--product', 'diagram', '--limit', '0');
    expect((await activate(t, bo.token, bo.userId, 'diagram', device('BO-1'))).status).toBe(409);

    for (const limit of ['-1', '101', 'many']) {
      const bad = await admin('device:limit', '--user', String(bo.userId), '--product', 'mind-map', '--limit', limit);
      expect(bad.code, limit).toBe(1);
    }
    expect(await slotState(t, bo.userId, 'mind-map')).toMatchObject({ used: 3, limit: 1 });
  });

  it('device:unbind frees the slot and signs out the device’s sessions', async () => {
    const cy = await testUser(t);
    const client = await signInOn(t, cy, { deviceId: 'CY-PC' });
    await activate(t, client.token, cy.userId, 'project', device('CY-PC'));

    const res = await admin('device:unbind', '--user', String(cy.userId), '--product', 'project', '--device', 'CY-PC');
    expect(res.json).toEqual({ user_id: cy.userId, product: 'project', device_id: 'CY-PC', sessions_ended: 1 });
    expect(await slotState(t, cy.userId, 'project')).toMatchObject({ used: 0, devices: [] });
    const refused = await call(t, getUserRoute, { as: { ...cy, token: client.token }, host: null });
    expect(refused.status).toBe(401);
    expect(await auditDetails(t.app.db, cy.userId, 'device.unbind')).toEqual([
      expect.objectContaining({ by: 'operator', product: 'project' }),
    ]);

    const again = await admin('device:unbind', ...flags({ user: cy.userId, product: 'project', device: 'CY-PC' }));
    expect(again).toMatchObject({ code: 1, error: { error: 'not found' } });
    const bad = await admin('device:unbind', '--user', String(cy.userId), '--product', 'project', '--device', 'a b');
    expect(bad.code).toBe(1);
  });
});
