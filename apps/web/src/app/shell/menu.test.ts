import { describe, expect, it } from 'vitest';
import { type BuildContext, readBuildContext, regionRuleFromEnv } from '../../lib/build-context';
import { menuEntries } from './menu';

const build = (host: string, search = ''): BuildContext =>
  readBuildContext({ host, search }, {}, regionRuleFromEnv({}));

describe('menu entries by build (spec 01 §2)', () => {
  it('domestic default', () => {
    expect(menuEntries(build('account.example.cn'), false)).toEqual([
      'account',
      'order',
      'devices',
      'property',
      'bind',
      'message',
      'coupon',
      'template',
      'aipoint',
      'course',
    ]);
  });

  it('takes the product from the desktop client when the address has no tend', () => {
    expect(menuEntries(build('account.example.cn', '?from=projectPC'), false)).toEqual(
      menuEntries(build('account.example.cn', '?tend=project'), false),
    );
    expect(menuEntries(build('account.example.cn', '?from=maxPC'), false)).toEqual(
      menuEntries(build('account.example.cn'), false),
    );
    // An explicit tend wins over the client.
    expect(menuEntries(build('account.example.cn', '?from=projectPC&tend=max'), false)).toEqual(
      menuEntries(build('account.example.cn'), false),
    );
  });

  it('domestic with banhref=1', () => {
    expect(menuEntries(build('account.example.cn', '?banhref=1'), false)).toEqual(['account', 'devices', 'bind']);
  });

  it('the project product', () => {
    expect(menuEntries(build('account.example.cn', '?tend=project'), false)).toEqual([
      'account',
      'order',
      'devices',
      'bind',
      'message',
      'coupon',
    ]);
  });

  it('overseas', () => {
    expect(menuEntries(build('account.example.com'), false)).toEqual([
      'account',
      'order',
      'license',
      'devices',
      'aipoint',
    ]);
  });

  it('the Mac store build overseas, and the mind-map product domestic: account and devices only', () => {
    expect(menuEntries(build('account.example.com', '?platform=mas'), true)).toEqual(['account', 'devices']);
    expect(menuEntries(build('account.example.cn', '?tend=mind'), true)).toEqual(['account', 'devices']);
    expect(menuEntries(build('account.example.cn', '?from=mindmaster'), true)).toEqual(['account', 'devices']);
  });

  it('adds team last when the user has a team', () => {
    expect(menuEntries(build('account.example.cn'), true).at(-1)).toBe('team');
    expect(menuEntries(build('account.example.cn', '?banhref=1'), true)).toEqual([
      'account',
      'devices',
      'bind',
      'team',
    ]);
    expect(menuEntries(build('account.example.cn', '?tend=project'), true).at(-1)).toBe('team');
    expect(menuEntries(build('account.example.com'), true).at(-1)).toBe('team');
  });
});
