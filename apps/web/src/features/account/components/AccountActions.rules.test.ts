import { describe, expect, it } from 'vitest';
import { type ActionsBuild, accountActionsShown, showsDesktopSignOut } from './AccountActions.rules';

const browser: ActionsBuild = {
  region: 'domestic',
  platform: null,
  tend: null,
  from: null,
  hostMode: 'browser',
  banhref: false,
  clientVersion: null,
};
const build = (overrides: Partial<ActionsBuild>): ActionsBuild => ({ ...browser, ...overrides });
const desktop = (from: string, clientVersion: string | null = null) =>
  build({ hostMode: 'desktop', from, clientVersion });

describe('the desktop sign-out link', () => {
  it.each(['12.2.15', '12.2.16', '12.3', '12.10.0', '13.0', '13', ' 12.2.15 '])(
    'shows in the mind-map client %s',
    (version) => {
      expect(showsDesktopSignOut(desktop('mindmaster', version), false)).toBe(true);
    },
  );

  it.each(['12.2.9', '12.2.14', '12.2', '12.1.99', '11.9.9', '9', 'beta'])(
    'does not show in the mind-map client %s (dotted comparison, not text order)',
    (version) => {
      expect(showsDesktopSignOut(desktop('mindmaster', version), true)).toBe(false);
    },
  );

  it('does not show in a mind-map client that does not say its version', () => {
    expect(showsDesktopSignOut(desktop('mindmaster'), true)).toBe(false);
    expect(showsDesktopSignOut(desktop('MindMaster', '13.0'), false)).toBe(true);
  });

  it('shows in the diagram client only when it exposes sign-out, whatever its version', () => {
    expect(showsDesktopSignOut(desktop('maxPC', '13.0'), false)).toBe(false);
    expect(showsDesktopSignOut(desktop('maxPC', '13.0'), true)).toBe(true);
    expect(showsDesktopSignOut(desktop('maxpc'), true)).toBe(true);
  });

  it('shows in the other desktop clients, for which the spec sets no condition', () => {
    expect(showsDesktopSignOut(desktop('projectPC'), false)).toBe(true);
    expect(showsDesktopSignOut(desktop('other'), false)).toBe(true);
  });

  it('never shows outside a desktop client, even in the mind-map build', () => {
    expect(showsDesktopSignOut(build({ tend: 'mindmaster', clientVersion: '13.0' }), true)).toBe(false);
    expect(showsDesktopSignOut(build({ hostMode: 'frame', platform: 'tablet' }), true)).toBe(false);
  });
});

describe('the links under the security items', () => {
  it('are merge accounts and close account in the domestic browser build', () => {
    expect(accountActionsShown(browser, false)).toEqual({ mergeAccounts: true, closeAccount: true, signOut: false });
  });

  it('leave out merge accounts in the build that may not link out (banhref=1)', () => {
    expect(accountActionsShown(build({ banhref: true }), false)).toEqual({
      mergeAccounts: false,
      closeAccount: true,
      signOut: false,
    });
  });

  it('are none in the overseas browser build', () => {
    expect(accountActionsShown(build({ region: 'overseas' }), false)).toEqual({
      mergeAccounts: false,
      closeAccount: false,
      signOut: false,
    });
  });

  it.each([
    ['from=mindmaster', { from: 'mindmaster', hostMode: 'desktop' }],
    ['tend=mindmaster', { tend: 'mindmaster' }],
  ] as const)('offer closing overseas in the Mac store build opened from the mind-map client (%s)', (_, context) => {
    const shown = accountActionsShown(build({ region: 'overseas', platform: 'mas', ...context }), false);
    expect(shown.closeAccount).toBe(true);
    expect(shown.mergeAccounts).toBe(false);
  });

  it.each([
    ['the Mac store build of the diagram client', { platform: 'mas', from: 'maxPC', hostMode: 'desktop' }],
    ['the mind-map client outside the Mac store', { from: 'mindmaster', hostMode: 'desktop', clientVersion: '13.0' }],
    ['the tablet frame of the mind-map build', { platform: 'tablet', tend: 'mindmaster', hostMode: 'frame' }],
  ] as const)('do not offer closing overseas in %s', (_, context) => {
    expect(accountActionsShown(build({ region: 'overseas', ...context }), true).closeAccount).toBe(false);
  });

  it('add the sign-out link in a desktop client of either region', () => {
    expect(accountActionsShown(desktop('mindmaster', '12.2.15'), false)).toEqual({
      mergeAccounts: true,
      closeAccount: true,
      signOut: true,
    });
    expect(accountActionsShown({ ...desktop('maxPC'), region: 'overseas' }, true)).toEqual({
      mergeAccounts: false,
      closeAccount: false,
      signOut: true,
    });
  });
});
