/**
 * The screens of the account centre, one route each (spec 01 §2): `/{name}`, no parameters. The
 * purchase screen (`buy`) is no menu entry: the screens that sell open it (lib/buy-link.ts).
 */
export const screenNames = [
  'account',
  'property',
  'bind',
  'message',
  'order',
  'devices',
  'coupon',
  'course',
  'template',
  'aipoint',
  'license',
  'team',
  'buy',
] as const;

export type ScreenName = (typeof screenNames)[number];

/**
 * The translation namespace holding a screen's texts: its own name, but the bind screen's for
 * the licence screen, which redeems codes the same way, and `checkout` for the purchase screen,
 * whose failures the contract's error catalogue words under that name.
 */
export function screenNamespace(screen: ScreenName): string {
  return screen === 'license' ? 'bind' : screen === 'buy' ? 'checkout' : screen;
}

export const DEFAULT_SCREEN: ScreenName = 'account';

export function isScreenName(value: string): value is ScreenName {
  return (screenNames as readonly string[]).includes(value);
}

/** The screen of a path (`/order`, `/order/`), or null for any other path. */
export function screenFromPath(pathname: string): ScreenName | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  return match && isScreenName(match[1] ?? '') ? (match[1] as ScreenName) : null;
}

/** The address of a screen, keeping the query string (spec 01 §2). */
export function screenHref(screen: ScreenName, search: string): string {
  return `/${screen}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}`;
}
