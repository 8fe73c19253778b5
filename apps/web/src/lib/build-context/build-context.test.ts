import { describe, expect, it } from 'vitest';
import { readBuildContext, readLaunchParams, regionRuleFromEnv } from './build-context';

const at = (host: string, search = '') => readBuildContext({ host, search }, {}, regionRuleFromEnv({}));

describe('build context', () => {
  it('takes the region from the host: the domestic marker or a development port is domestic', () => {
    expect(at('account.example.cn').region).toBe('domestic');
    expect(at('account.example.cn:18080').region).toBe('domestic');
    expect(at('account.example.com').region).toBe('overseas');
    expect(at('account.example.com:18080').region).toBe('overseas');
    expect(at('localhost:5173').region).toBe('domestic');
    expect(at('127.0.0.1:8080').region).toBe('domestic');
  });

  it('follows the deployment’s marker and ports from the Vite env', () => {
    const rule = regionRuleFromEnv({ VITE_DOMESTIC_MARKER: '.zh.example', VITE_DEV_PORTS: '9000, 9001' });
    expect(readBuildContext({ host: 'a.zh.example', search: '' }, {}, rule).region).toBe('domestic');
    expect(readBuildContext({ host: 'a.example.cn', search: '' }, {}, rule).region).toBe('overseas');
    expect(readBuildContext({ host: 'localhost:9001', search: '' }, {}, rule).region).toBe('domestic');
    expect(readBuildContext({ host: 'localhost:5173', search: '' }, {}, rule).region).toBe('overseas');
    // A malformed port list keeps the defaults rather than making every port overseas.
    expect(regionRuleFromEnv({ VITE_DEV_PORTS: 'x' }).developmentPorts).toContain(5173);
  });

  it('reads a browser build when the address says nothing', () => {
    expect(at('account.example.com')).toEqual({
      region: 'overseas',
      tend: null,
      platform: null,
      from: null,
      hostMode: 'browser',
      banhref: false,
      pid: null,
      theme: null,
      clientVersion: null,
    });
  });

  it('maps tend=mind to mindmaster and ignores unknown products', () => {
    expect(at('a.cn', '?tend=mind').tend).toBe('mindmaster');
    expect(at('a.cn', '?tend=project').tend).toBe('project');
    expect(at('a.cn', '?tend=max').tend).toBe('max');
    expect(at('a.cn', '?tend=other').tend).toBeNull();
  });

  it('is in desktop mode with `from`, and in frame mode on a tablet or mobile platform', () => {
    expect(at('a.cn', '?from=maxPC')).toMatchObject({ hostMode: 'desktop', from: 'maxPC' });
    expect(at('a.cn', '?platform=tablet')).toMatchObject({ hostMode: 'frame', platform: 'tablet' });
    expect(at('a.cn', '?platform=mobile')).toMatchObject({ hostMode: 'frame', platform: 'mobile' });
    expect(at('a.com', '?platform=mas')).toMatchObject({ hostMode: 'browser', platform: 'mas' });
    expect(at('a.com', '?platform=mas&from=mindmaster')).toMatchObject({ hostMode: 'desktop', platform: 'mas' });
  });

  it('reads banhref, pid and theme strictly', () => {
    expect(at('a.cn', '?banhref=1&pid=5371&theme=2')).toMatchObject({ banhref: true, pid: 5371, theme: 2 });
    expect(at('a.cn', '?banhref=0&pid=abc&theme=3')).toMatchObject({ banhref: false, pid: null, theme: null });
    expect(at('a.cn', '?theme=0').theme).toBe(0);
  });

  it('takes the client version from the desktop host object before the address', () => {
    expect(
      readBuildContext({ host: 'a.cn', search: '?version=1.0' }, { desktopHost: { version: '12.2.15' } }),
    ).toMatchObject({ clientVersion: '12.2.15' });
    expect(at('a.cn', '?version=12.1').clientVersion).toBe('12.1');
  });
});

describe('launch parameters', () => {
  it('reads the one-time values', () => {
    expect(
      readLaunchParams({ search: '?lang=de&to=order&custom=abc&pcID=42&openWXBind=1&form_name=spring&bind_link=t0k' }),
    ).toEqual({
      lang: 'de',
      to: 'order',
      custom: 'abc',
      pcId: '42',
      openWxBind: true,
      formName: 'spring',
      bindLink: 't0k',
    });
    expect(readLaunchParams({ search: '' })).toEqual({
      lang: null,
      to: null,
      custom: null,
      pcId: null,
      openWxBind: false,
      formName: null,
      bindLink: null,
    });
  });
});
