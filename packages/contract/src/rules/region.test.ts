import { describe, expect, it } from 'vitest';
import { defaultRegionRule, regionFromHost, type RegionRule } from './region.js';

describe('regionFromHost', () => {
  it('selects domestic for a host containing the default .cn marker', () => {
    expect(defaultRegionRule.domesticMarker).toBe('.cn');
    expect(regionFromHost('account.example.cn')).toBe('domestic');
    expect(regionFromHost('account.example.com.cn')).toBe('domestic');
  });

  it('selects overseas for a host without the marker on a production port', () => {
    expect(regionFromHost('account.example.com')).toBe('overseas');
    expect(regionFromHost('account.example.com:443')).toBe('overseas');
    expect(regionFromHost('example.org')).toBe('overseas');
  });

  it('reads the marker from the name, whatever the port', () => {
    expect(regionFromHost('account.example.cn:443')).toBe('domestic');
    expect(regionFromHost('account.example.cn:9443')).toBe('domestic');
  });

  it('ignores letter case in host and marker', () => {
    expect(regionFromHost('Account.Example.CN')).toBe('domestic');
    expect(regionFromHost('account.example.cn', { ...defaultRegionRule, domesticMarker: '.CN' })).toBe('domestic');
  });

  it('selects domestic on the development ports 8080 and 5173, whatever the name', () => {
    expect(regionFromHost('localhost:8080')).toBe('domestic');
    expect(regionFromHost('localhost:5173')).toBe('domestic');
    expect(regionFromHost('account.example.com:8080')).toBe('domestic');
    expect(regionFromHost('127.0.0.1:5173')).toBe('domestic');
  });

  it('selects overseas on other ports and with no port', () => {
    expect(regionFromHost('localhost')).toBe('overseas');
    expect(regionFromHost('localhost:8081')).toBe('overseas');
    expect(regionFromHost('127.0.0.1:80')).toBe('overseas');
  });

  it('reads the port of a bracketed IPv6 host', () => {
    expect(regionFromHost('[::1]:5173')).toBe('domestic');
    expect(regionFromHost('[::1]:8080')).toBe('domestic');
    expect(regionFromHost('[::1]')).toBe('overseas');
    expect(regionFromHost('[2001:db8::1]:443')).toBe('overseas');
    // The colons of an IPv6 address are not a port separator.
    expect(regionFromHost('[2001:db8::5173]')).toBe('overseas');
  });

  it('uses a custom marker and custom development ports', () => {
    const rule: RegionRule = { domesticMarker: '.example-cn.net', developmentPorts: [9000] };
    expect(regionFromHost('account.example-cn.net', rule)).toBe('domestic');
    expect(regionFromHost('account.example.cn', rule)).toBe('overseas');
    expect(regionFromHost('localhost:9000', rule)).toBe('domestic');
    expect(regionFromHost('localhost:8080', rule)).toBe('overseas');
  });

  it('treats an empty marker as "no host name is domestic"', () => {
    const rule: RegionRule = { domesticMarker: '', developmentPorts: [] };
    expect(regionFromHost('account.example.cn', rule)).toBe('overseas');
    expect(regionFromHost('localhost:8080', rule)).toBe('overseas');
  });

  it('tolerates surrounding white space of a header value', () => {
    expect(regionFromHost(' account.example.cn ')).toBe('domestic');
    expect(regionFromHost(' localhost:5173 ')).toBe('domestic');
  });
});
