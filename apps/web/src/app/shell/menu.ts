import { type BuildContext, productOf } from '../../lib/build-context';
import type { ScreenName } from '../screens/screens';

/**
 * The side menu of a build (spec 01 §2 "Menu entries by build"). The team entry is added only
 * when the user has a team, and never in the builds limited to account and devices.
 */
export function menuEntries(build: BuildContext, hasTeam: boolean): ScreenName[] {
  const withTeam = (entries: ScreenName[]): ScreenName[] => (hasTeam ? [...entries, 'team'] : entries);
  if (build.region === 'overseas') {
    if (build.platform === 'mas') return ['account', 'devices'];
    return withTeam(['account', 'order', 'license', 'devices', 'aipoint']);
  }
  const product = productOf(build);
  if (product === 'mindmaster') return ['account', 'devices'];
  if (build.banhref) return withTeam(['account', 'devices', 'bind']);
  if (product === 'project') return withTeam(['account', 'order', 'devices', 'bind', 'message', 'coupon']);
  return withTeam([
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
}
