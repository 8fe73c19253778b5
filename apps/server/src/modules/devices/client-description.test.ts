import { describe, expect, it } from 'vitest';
import { approximateLocation, describeClient } from './client-description.js';

describe('describeClient', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      { kind: 'browser', name: 'Chrome', version: '124', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      { kind: 'browser', name: 'Edge', version: '124', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      { kind: 'browser', name: 'Safari', version: '17', os: 'macOS' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { kind: 'browser', name: 'Safari', version: '17', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
      { kind: 'browser', name: 'Chrome', version: '124', os: 'iOS' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
      { kind: 'browser', name: 'Firefox', version: '125', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      { kind: 'browser', name: 'Chrome', version: '124', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; V2217A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64',
      { kind: 'browser', name: 'WeChat', version: '8', os: 'Android' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
      { kind: 'browser', name: 'Opera', version: '110', os: 'Windows' },
    ],
    [
      'MindMaster/12.2.15 (Windows NT 10.0; Win64; x64)',
      { kind: 'app', name: 'MindMaster', version: '12.2.15', os: 'Windows' },
    ],
    ['EdrawMax/14.1.0 (Macintosh; Mac OS X 14.4)', { kind: 'app', name: 'EdrawMax', version: '14.1.0', os: 'macOS' }],
    ['curl/8.5.0', { kind: 'app', name: 'curl', version: '8.5.0', os: null }],
  ])('reads %s', (agent, expected) => {
    expect(describeClient(agent)).toEqual(expected);
  });

  it('reports an unknown client rather than guessing', () => {
    const unknown = { kind: 'unknown', name: null, version: null, os: null };
    expect(describeClient(null)).toEqual(unknown);
    expect(describeClient('   ')).toEqual(unknown);
    expect(describeClient('something odd')).toEqual(unknown);
    expect(describeClient('Mozilla/5.0 (compatible; unknown)')).toEqual({
      kind: 'browser',
      name: null,
      version: null,
      os: null,
    });
  });
});

describe('approximateLocation', () => {
  it('knows loopback, private and link-local addresses as the local network', () => {
    for (const ip of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.20',
      '169.254.10.1',
      '::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:192.168.0.5',
    ]) {
      expect(approximateLocation(ip), ip).toBe('local');
    }
  });

  it('says nothing of public addresses: no geolocation database, no guess', () => {
    for (const ip of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '100.64.0.1', '2001:db8::1', '::ffff:8.8.8.8']) {
      expect(approximateLocation(ip), ip).toBeNull();
    }
  });

  it('says nothing of a missing or malformed address', () => {
    expect(approximateLocation(null)).toBeNull();
    expect(approximateLocation('')).toBeNull();
    expect(approximateLocation('not-an-ip')).toBeNull();
  });
});
