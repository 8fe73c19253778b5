import { describe, expect, it } from 'vitest';
import { FOREVER_EXPIRY } from '../licence/plans.js';
import {
  DEVICE_LIMITS,
  deviceListPath,
  deviceMembership,
  devicePlatforms,
  deviceProducts,
  deviceSlotLimit,
  deviceSubscriptionProduct,
  deviceTag,
  isDeviceId,
} from './devices.js';
import { deviceRoutes } from '../routes/device.routes.js';

const NOW = 1_790_000_000;
const DAY = 86_400;

describe('device products and paths', () => {
  it('uses the spec’s path segments: none for mind-map, max for diagram, project for project', () => {
    expect(deviceListPath('mind-map')).toBe('/api/user/:userId/device');
    expect(deviceListPath('diagram')).toBe('/api/user/:userId/max/device');
    expect(deviceListPath('project')).toBe('/api/user/:userId/project/device');
  });

  it('gives every product a list, an activate and an unbind call on its path', () => {
    for (const product of deviceProducts) {
      const routes = deviceRoutes[product];
      expect([routes.list.method, routes.list.path]).toEqual(['GET', deviceListPath(product)]);
      expect([routes.activate.method, routes.activate.path]).toEqual(['POST', deviceListPath(product)]);
      expect([routes.unbind.method, routes.unbind.path]).toEqual(['DELETE', `${deviceListPath(product)}/:id`]);
      for (const route of Object.values(routes)) expect(route.access).toBe('user');
    }
  });

  it('decides slots by the record of the matching subscription product', () => {
    expect(deviceSubscriptionProduct).toEqual({ 'mind-map': 'mind', diagram: 'max', project: 'proj' });
  });
});

describe('platform tags', () => {
  it('tags desktop, pc and mac PC; android and ios Mobile; web Online', () => {
    expect(devicePlatforms.map((p) => [p, deviceTag(p)])).toEqual([
      ['desktop', 'PC'],
      ['pc', 'PC'],
      ['mac', 'PC'],
      ['android', 'Mobile'],
      ['ios', 'Mobile'],
      ['web', 'Online'],
    ]);
  });
});

describe('device slot limits', () => {
  it('are 3 for a personal membership and 1 for a team seat (spec 01 §9)', () => {
    expect(DEVICE_LIMITS.personal).toBe(3);
    expect(DEVICE_LIMITS.team).toBe(1);
    expect(deviceSlotLimit({ win_exp: NOW + DAY }, NOW)).toBe(3);
    expect(deviceSlotLimit({ group_exp: NOW + DAY }, NOW)).toBe(1);
  });

  it('count any live personal platform, a mobile-only plan and a forever licence included', () => {
    expect(deviceMembership({ android_exp: NOW + 1 }, NOW)).toBe('personal');
    expect(deviceMembership({ mac_exp: FOREVER_EXPIRY }, NOW)).toBe('personal');
    expect(deviceMembership({ group_mobile_exp: NOW + 1 }, NOW)).toBe('team');
  });

  it('prefer a personal membership to a team seat, which gives fewer devices', () => {
    expect(deviceMembership({ win_exp: NOW + DAY, group_exp: NOW + DAY }, NOW)).toBe('personal');
    expect(deviceSlotLimit({ win_exp: NOW + DAY, group_exp: NOW + DAY }, NOW)).toBe(3);
  });

  it('fall to the free allowance when nothing is live: no record, expired or empty expiries', () => {
    expect(deviceMembership(null, NOW)).toBe('free');
    expect(deviceMembership(undefined, NOW)).toBe('free');
    expect(deviceMembership({}, NOW)).toBe('free');
    expect(deviceMembership({ win_exp: NOW, group_exp: NOW - DAY, mac_exp: 0, ios_exp: null }, NOW)).toBe('free');
    expect(deviceSlotLimit({ win_exp: NOW - 1 }, NOW)).toBe(DEVICE_LIMITS.free);
  });

  it('give the free tier no more than the smallest paid allowance', () => {
    expect(DEVICE_LIMITS.free).toBeLessThanOrEqual(DEVICE_LIMITS.team);
    expect(DEVICE_LIMITS.free).toBeGreaterThan(0);
  });
});

describe('device ids', () => {
  it('are printable ASCII of 1 to 128 characters, like the X-Device-Id header', () => {
    expect(isDeviceId('3F2A-99C1-DESKTOP')).toBe(true);
    expect(isDeviceId('a'.repeat(128))).toBe(true);
    expect(isDeviceId('a'.repeat(129))).toBe(false);
    expect(isDeviceId('')).toBe(false);
    expect(isDeviceId('has space')).toBe(false);
    expect(isDeviceId('tab\tinside')).toBe(false);
    expect(isDeviceId('设备')).toBe(false);
  });
});
