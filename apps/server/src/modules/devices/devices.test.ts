import {
  activateMindMapDeviceRoute,
  type Device,
  buildPath,
  getMindMapDevicesRoute,
  getUserRoute,
  refreshRoute,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import { countRows } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { testUser } from '../../../test/helpers/users.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import {
  activate,
  bearer,
  device,
  grantPersonal,
  grantTeamSeat,
  listDevices,
  signInOn,
  slotState,
  unbind,
} from './test-support.js';

/** The active devices a refused activation answers with (409 "device limit"). */
type ActiveDevice = Static<typeof Device>;

describeOnEachDialect('device activation, limits and unbind on $name', (t) => {
  describe('activation', () => {
    it('activates a device and lists it with its platform tag, the current-device flag and the limit', async () => {
      const ann = await testUser(t);
      await grantPersonal(t, ann, 'mind');
      const client = await signInOn(t, ann, { deviceId: 'ANN-PC-1' });

      const res = await activate(t, client.token, ann.userId, 'mind-map', device('ANN-PC-1', 'pc', 'Ann’s desktop'));
      expect(res.status, res.raw.body).toBe(200);
      const now = t.clock.now();
      const expected = {
        device_id: 'ANN-PC-1',
        device_name: 'Ann’s desktop',
        platform: 'pc',
        tag: 'PC',
        product: 'mind-map',
        current: true,
        activated_at: now,
        last_used_at: now,
      };
      expect(res.body).toEqual({
        status: 'success',
        code: 0,
        msg: 'ok',
        data: { device: expected, already_active: false, used: 1, limit: 3 },
      });

      // The client sees its own device as current; the web session (no device) sees none.
      expect((await listDevices(t, client.token, ann.userId, 'mind-map')).body).toEqual({
        status: 'success',
        code: 0,
        msg: 'ok',
        data: [expected],
        count: 1,
        limit: 3,
      });
      const fromWeb = (await listDevices(t, ann.token, ann.userId, 'mind-map')).body;
      expect(fromWeb.data).toEqual([{ ...expected, current: false }]);
      // A page that knows the device it is embedded in names it with X-Device-Id.
      const embedded = await call(t, getMindMapDevicesRoute, {
        as: ann,
        headers: { 'x-device-id': 'ANN-PC-1' },
        host: null,
      });
      expect(embedded.ok().data).toEqual([expected]);
      // Other products keep their own lists.
      expect((await listDevices(t, ann.token, ann.userId, 'diagram')).body).toMatchObject({ data: [], count: 0 });
    });

    it('tags mobile platforms Mobile and the web Online', async () => {
      const bo = await testUser(t);
      await grantPersonal(t, bo, 'max');
      await activate(t, bo.token, bo.userId, 'diagram', device('BO-IOS', 'ios', 'iPhone'));
      await activate(t, bo.token, bo.userId, 'diagram', device('BO-WEB', 'web', 'Browser'));
      await activate(t, bo.token, bo.userId, 'diagram', device('BO-MAC', 'mac', 'MacBook'));
      const list = (await listDevices(t, bo.token, bo.userId, 'diagram')).ok();
      expect(list.data.map((d) => [d.device_id, d.tag])).toEqual([
        ['BO-IOS', 'Mobile'],
        ['BO-WEB', 'Online'],
        ['BO-MAC', 'PC'],
      ]);
    });

    it('takes no new slot for a device already active, and refreshes its name and last use', async () => {
      const cy = await testUser(t);
      await grantPersonal(t, cy, 'proj');
      const client = await signInOn(t, cy, { deviceId: 'CY-1' });
      expect((await activate(t, client.token, cy.userId, 'project', device('CY-1'))).status).toBe(200);
      t.clock.advance(600);
      const again = await activate(t, client.token, cy.userId, 'project', device('CY-1', 'pc', 'Renamed PC'));
      expect(again.status).toBe(200);
      expect(again.ok().data).toMatchObject({
        already_active: true,
        used: 1,
        limit: 3,
        device: { device_name: 'Renamed PC', last_used_at: t.clock.now(), activated_at: t.clock.now() - 600 },
      });
      expect(await slotState(t, cy.userId, 'project')).toEqual({ used: 1, limit: 3, devices: ['CY-1'] });
    });

    it('gives each product its own slots: one device active for two products holds one slot in each', async () => {
      const di = await testUser(t);
      await activate(t, di.token, di.userId, 'mind-map', device('DI-1'));
      await activate(t, di.token, di.userId, 'diagram', device('DI-1'));
      expect(await slotState(t, di.userId, 'mind-map')).toMatchObject({ used: 1, devices: ['DI-1'] });
      expect(await slotState(t, di.userId, 'diagram')).toMatchObject({ used: 1, devices: ['DI-1'] });
    });
  });

  describe('limits', () => {
    it('gives a personal membership 3 devices; the 4th is answered 409 with the active devices', async () => {
      const ed = await testUser(t);
      await grantPersonal(t, ed, 'mind');
      for (const id of ['ED-1', 'ED-2', 'ED-3']) {
        expect((await activate(t, ed.token, ed.userId, 'mind-map', device(id))).status).toBe(200);
      }
      const fourth = await activate(t, ed.token, ed.userId, 'mind-map', device('ED-4'));
      expect(fourth.status).toBe(409);
      const body = fourth.body;
      expect(body).toMatchObject({ status: 'error', code: 0, msg: 'device limit' });
      const active = body.data as ActiveDevice[];
      expect(active.map((d) => d.device_id)).toEqual(['ED-1', 'ED-2', 'ED-3']);
      expect(active[0]).toEqual({
        device_id: 'ED-1',
        device_name: 'PC ED-1',
        platform: 'pc',
        tag: 'PC',
        product: 'mind-map',
        current: false,
        activated_at: expect.any(Number),
        last_used_at: expect.any(Number),
      });
      expect(await slotState(t, ed.userId, 'mind-map')).toEqual({
        used: 3,
        limit: 3,
        devices: ['ED-1', 'ED-2', 'ED-3'],
      });

      // The loginShowDeviceModal flow: unbind one of the listed devices, then try again.
      expect((await unbind(t, ed.token, ed.userId, 'mind-map', 'ED-2')).status).toBe(200);
      const retry = await activate(t, ed.token, ed.userId, 'mind-map', device('ED-4'));
      expect(retry.status).toBe(200);
      expect(retry.ok().data).toMatchObject({ used: 3, limit: 3 });
      expect((await slotState(t, ed.userId, 'mind-map')).devices).toEqual(['ED-1', 'ED-3', 'ED-4']);
    });

    it('gives a team seat 1 device', async () => {
      const fay = await testUser(t);
      await grantTeamSeat(t, fay, 'max');
      expect((await activate(t, fay.token, fay.userId, 'diagram', device('FAY-1'))).status).toBe(200);
      const second = await activate(t, fay.token, fay.userId, 'diagram', device('FAY-2'));
      expect(second.status).toBe(409);
      expect((second.body.data as ActiveDevice[]).map((d) => d.device_id)).toEqual(['FAY-1']);
      expect((await listDevices(t, fay.token, fay.userId, 'diagram')).body).toMatchObject({ count: 1, limit: 1 });
    });

    it('gives a personal membership of another product nothing here, and a user with no membership 1 device', async () => {
      const gus = await testUser(t);
      await grantPersonal(t, gus, 'max');
      expect((await listDevices(t, gus.token, gus.userId, 'project')).body).toMatchObject({ limit: 1 });
      expect((await activate(t, gus.token, gus.userId, 'project', device('GUS-1'))).status).toBe(200);
      expect((await activate(t, gus.token, gus.userId, 'project', device('GUS-2'))).status).toBe(409);
    });

    it('follows the membership: buying adds slots; when it lapses, active devices stay and new ones wait', async () => {
      const hal = await testUser(t);
      await activate(t, hal.token, hal.userId, 'mind-map', device('HAL-1'));
      expect((await activate(t, hal.token, hal.userId, 'mind-map', device('HAL-2'))).status).toBe(409);

      await grantPersonal(t, hal, 'mind', t.clock.now() + 86_400);
      expect((await activate(t, hal.token, hal.userId, 'mind-map', device('HAL-2'))).status).toBe(200);
      expect((await activate(t, hal.token, hal.userId, 'mind-map', device('HAL-3'))).status).toBe(200);

      t.clock.advance(2 * 86_400);
      await hal.signInAgain();
      expect((await listDevices(t, hal.token, hal.userId, 'mind-map')).body).toMatchObject({ count: 3, limit: 1 });
      expect((await activate(t, hal.token, hal.userId, 'mind-map', device('HAL-2'))).status).toBe(200);
      expect((await activate(t, hal.token, hal.userId, 'mind-map', device('HAL-4'))).status).toBe(409);
      expect(await slotState(t, hal.userId, 'mind-map')).toEqual({
        used: 3,
        limit: 1,
        devices: ['HAL-1', 'HAL-2', 'HAL-3'],
      });
    });
  });

  describe('unbind', () => {
    it('frees the slot and ends the device’s sessions at once; other sessions go on', async () => {
      const ivy = await testUser(t);
      await grantPersonal(t, ivy, 'mind');
      const pc = await signInOn(t, ivy, { deviceId: 'IVY-PC' });
      const laptop = await signInOn(t, ivy, { deviceId: 'IVY-LAPTOP' });
      // A second client on the same machine, signed in before the activation.
      const otherClient = await signInOn(t, ivy, { deviceId: 'IVY-PC' });
      await activate(t, pc.token, ivy.userId, 'mind-map', device('IVY-PC'));
      await activate(t, laptop.token, ivy.userId, 'mind-map', device('IVY-LAPTOP'));
      const me = (token: string) => call(t, getUserRoute, { as: { ...ivy, token }, host: null });
      expect((await me(pc.token)).status).toBe(200);

      const res = await unbind(t, ivy.token, ivy.userId, 'mind-map', 'IVY-PC');
      expect(res.body).toEqual({
        status: 'success',
        code: 0,
        msg: 'ok',
        data: { sessions_ended: 2, current: false },
      });

      for (const token of [pc.token, otherClient.token]) {
        const refused = await me(token);
        expect(refused.status).toBe(401);
        expect(refused.body.msg).toBe('unauthorized');
      }
      const refresh = await call(t, refreshRoute, { body: { refresh_token: pc.refresh_token }, host: null });
      expect(refresh.status).toBe(401);
      expect((await me(laptop.token)).status).toBe(200);
      expect((await me(ivy.token)).status).toBe(200);
      expect(await slotState(t, ivy.userId, 'mind-map')).toEqual({ used: 1, limit: 3, devices: ['IVY-LAPTOP'] });
    });

    it('tells a client that unbinds its own device that it was signed out', async () => {
      const jo = await testUser(t);
      const client = await signInOn(t, jo, { deviceId: 'JO-1' });
      await activate(t, client.token, jo.userId, 'diagram', device('JO-1'));
      const res = await unbind(t, client.token, jo.userId, 'diagram', 'JO-1');
      expect(res.ok().data).toEqual({ sessions_ended: 1, current: true });
      expect((await listDevices(t, client.token, jo.userId, 'diagram')).status).toBe(401);
    });

    it('links the activating session to the device even when it signed in without a device id', async () => {
      const kai = await testUser(t);
      const client = await signInOn(t, kai);
      await activate(t, client.token, kai.userId, 'project', device('KAI-1'));
      await unbind(t, kai.token, kai.userId, 'project', 'KAI-1');
      expect((await listDevices(t, client.token, kai.userId, 'project')).status).toBe(401);
    });

    it('answers 404 for a device not active for the product, and changes nothing', async () => {
      const lu = await testUser(t);
      await activate(t, lu.token, lu.userId, 'mind-map', device('LU-1'));
      const before = await slotState(t, lu.userId, 'mind-map');
      for (const [product, id] of [
        ['mind-map', 'LU-2'],
        ['diagram', 'LU-1'],
      ] as const) {
        const res = await unbind(t, lu.token, lu.userId, product, id);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: 'error', code: 0, msg: 'not found' });
      }
      expect(await slotState(t, lu.userId, 'mind-map')).toEqual(before);
      expect((await listDevices(t, lu.token, lu.userId, 'mind-map')).status).toBe(200);
    });

    it('accepts any printable device id of up to 128 characters in the path, slashes and percent signs included', async () => {
      const mo = await testUser(t);
      await grantPersonal(t, mo, 'mind');
      for (const id of ['MO/PC%1?#', `MO-${'/%'.repeat(62)}X`]) {
        expect(id.length).toBeLessThanOrEqual(128);
        const client = await signInOn(t, mo);
        expect((await activate(t, client.token, mo.userId, 'mind-map', device(id, 'pc', 'PC'))).status).toBe(200);
        const res = await unbind(t, mo.token, mo.userId, 'mind-map', id);
        expect(res.status, res.raw.body).toBe(200);
        expect(res.ok().data).toEqual({ sessions_ended: 1, current: false });
      }
      expect(await slotState(t, mo.userId, 'mind-map')).toMatchObject({ used: 0, devices: [] });
    });
  });

  describe('races', () => {
    it('gives exactly three of ten concurrent activations the three free slots', async () => {
      const ned = await testUser(t);
      await grantPersonal(t, ned, 'mind');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => activate(t, ned.token, ned.userId, 'mind-map', device(`NED-${i}`))),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(7);
      const state = await slotState(t, ned.userId, 'mind-map');
      expect(state.used).toBe(3);
      expect(state.devices).toHaveLength(3);
      const winners = results.filter((r) => r.status === 200).map((r) => r.ok().data.device.device_id);
      expect([...winners].sort()).toEqual(state.devices);
    });

    it('takes one slot for concurrent activations of the same new device', async () => {
      const oz = await testUser(t);
      await grantPersonal(t, oz, 'max');
      const results = await Promise.all(
        Array.from({ length: 6 }, () => activate(t, oz.token, oz.userId, 'diagram', device('OZ-1'))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(results.filter((r) => r.ok().data.already_active === false)).toHaveLength(1);
      expect(await slotState(t, oz.userId, 'diagram')).toEqual({ used: 1, limit: 3, devices: ['OZ-1'] });
    });

    it('keeps the counter equal to the devices through concurrent unbinds and activations', async () => {
      const pia = await testUser(t);
      await grantPersonal(t, pia, 'proj');
      for (const id of ['PIA-1', 'PIA-2', 'PIA-3']) await activate(t, pia.token, pia.userId, 'project', device(id));
      const results = await Promise.all([
        unbind(t, pia.token, pia.userId, 'project', 'PIA-1'),
        unbind(t, pia.token, pia.userId, 'project', 'PIA-1'),
        ...Array.from({ length: 5 }, (_, i) => activate(t, pia.token, pia.userId, 'project', device(`PIA-N${i}`))),
      ]);
      expect(
        results
          .slice(0, 2)
          .map((r) => r.status)
          .sort(),
      ).toEqual([200, 404]);
      const state = await slotState(t, pia.userId, 'project');
      expect(state.used).toBe(state.devices.length);
      expect(state.used).toBeLessThanOrEqual(3);
    });
  });

  describe('bad input', () => {
    it('refuses unknown platforms, oversize or control-character names, bad ids and unknown fields with 400, writing nothing', async () => {
      const quin = await testUser(t);
      const tables = ['devices', 'device_slots', 'audit_events'] as const;
      const counts = async () => Promise.all(tables.map((table) => countRows(t, table)));
      const sessionDevices = async () =>
        (await t.app.db.selectFrom('sessions').select('device_id').where('user_id', '=', quin.userId).execute()).map(
          (r) => r.device_id,
        );
      const before = [await counts(), await sessionDevices()];
      const bad: Record<string, unknown>[] = [
        { ...device('Q-1'), platform: 'linux' },
        { ...device('Q-1'), platform: 'PC' },
        { ...device('Q-1'), device_name: 'x'.repeat(10_000) },
        { ...device('Q-1'), device_name: 'x'.repeat(101) },
        { ...device('Q-1'), device_name: '' },
        { ...device('Q-1'), device_name: 'line\nbreak' },
        { ...device('Q-1'), slot: 1 },
        { ...device('Q-1'), user_id: 1 },
        device('has space'),
        device('x'.repeat(129)),
        device(''),
        device('设备'),
        { device_id: 'Q-1', device_name: 'PC' },
        { device_id: 5, device_name: 'PC', platform: 'pc' },
      ];
      for (const body of bad) {
        // Bodies outside the contract's types: sent by hand.
        const res = await t.app.inject({
          method: 'POST',
          url: buildPath(activateMindMapDeviceRoute.path, { userId: quin.userId }),
          headers: bearer(quin.token),
          payload: body,
        });
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json()).toMatchObject({ status: 'error', msg: 'invalid request' });
      }
      for (const id of ['x'.repeat(129), 'has space']) {
        expect((await unbind(t, quin.token, quin.userId, 'mind-map', id)).status).toBe(400);
      }
      expect([await counts(), await sessionDevices()]).toEqual(before);
    });

    it('refuses another user’s devices with 403 and a missing token with 401', async () => {
      const rae = await testUser(t);
      const sam = await testUser(t);
      await activate(t, sam.token, sam.userId, 'mind-map', device('SAM-1'));
      expect((await listDevices(t, rae.token, sam.userId, 'mind-map')).status).toBe(403);
      expect((await activate(t, rae.token, sam.userId, 'mind-map', device('RAE-1'))).status).toBe(403);
      expect((await unbind(t, rae.token, sam.userId, 'mind-map', 'SAM-1')).status).toBe(403);
      const anonymous = await call(t, getMindMapDevicesRoute, { params: { userId: sam.userId }, host: null });
      expect(anonymous.status).toBe(401);
      expect(await slotState(t, sam.userId, 'mind-map')).toMatchObject({ used: 1, devices: ['SAM-1'] });
      expect(await slotState(t, rae.userId, 'mind-map')).toMatchObject({ used: 0, devices: [] });
    });

    it('accepts the token as a query parameter, as desktop clients send it', async () => {
      const tia = await testUser(t);
      // Sent by hand: ?token= is the desktop clients' credential, no part of these routes' typed query.
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/${tia.userId}/max/device?token=${tia.token}`,
        payload: device('TIA-1', 'desktop'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const list = await t.app.inject({ method: 'GET', url: `/api/user/${tia.userId}/max/device?token=${tia.token}` });
      expect(list.json()).toMatchObject({ count: 1, limit: 1 });
    });
  });
});
