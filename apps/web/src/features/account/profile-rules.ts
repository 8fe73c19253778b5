import { type IdentityProvider, NICKNAME_MAX_LENGTH, regionIdentityProviders } from '@account-centre/contract';

export type NicknameProblem = 'notNullName' | 'nameFormatError';

/**
 * Spec 01 §5 "Nickname": empty after trimming, or longer than 32 characters, is refused before
 * any call. Length counts characters (code points), not UTF-16 units, so an emoji counts once.
 */
export function nicknameProblem(input: string): NicknameProblem | null {
  const name = input.trim();
  if (name.length === 0) return 'notNullName';
  if ([...name].length > NICKNAME_MAX_LENGTH) return 'nameFormatError';
  return null;
}

/** Days of a month (1–12); February of a leap year has 29. */
export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps time zones out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface BirthdayParts {
  year: number;
  month: number;
  day: number;
}

/** Reads the contract's `YYYY-MM-DD`; null for anything else. */
export function parseBirthday(value: string | null): BirthdayParts | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export type BirthdayPart = keyof BirthdayParts;

/**
 * The parts still to choose of a birthday begun but not finished (nothing while none or all
 * are chosen): a birthday is saved only whole, so the form says what is missing.
 */
export function missingBirthdayParts(parts: Partial<BirthdayParts>): BirthdayPart[] {
  const order: BirthdayPart[] = ['year', 'month', 'day'];
  const missing = order.filter((part) => !parts[part]);
  return missing.length === order.length ? [] : missing;
}

/**
 * The birthday to save, or null while a part is missing. A day beyond the chosen month's end
 * (31 after switching to February) is brought back to that month's last day.
 */
export function formatBirthday({ year, month, day }: Partial<BirthdayParts>): string | null {
  if (!year || !month || !day) return null;
  const safeDay = Math.min(day, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(safeDay).padStart(2, '0')}`;
}

/** Spec 01 §5 "Avatar": the picture types accepted, in any case. */
export function isAcceptedImageName(name: string): boolean {
  return /\.(gif|jpe?g|png|bmp)$/i.test(name);
}

/** The ways an account can sign in: its addresses and its third-party identities. */
export interface SignInMethods {
  email: string | null;
  mobile: string | null;
  weixin: boolean;
  qq: boolean;
  weibo: boolean;
  /** The user info does not name the overseas providers; the identity list does. */
  google?: boolean;
  facebook?: boolean;
}

/**
 * Spec 01 §5: unbinding is allowed only while another sign-in method remains. Phone, WeChat,
 * QQ and Weibo count only in the domestic build; overseas the e-mail, Google and Facebook
 * (regionIdentityProviders, the server's rule too).
 */
export function canUnbind(methods: SignInMethods, domestic: boolean): boolean {
  const region = domestic ? 'domestic' : 'overseas';
  const identities = regionIdentityProviders[region].map((provider) => methods[provider] === true);
  const counted = domestic ? [methods.email, methods.mobile, ...identities] : [methods.email, ...identities];
  return counted.filter(Boolean).length > 1;
}

/** The account's sign-in methods, its identities as the identity list says (every provider). */
export function signInMethods(
  user: { email: string | null; mobile: string | null },
  bound: readonly IdentityProvider[],
): Required<SignInMethods> {
  const has = (provider: IdentityProvider) => bound.includes(provider);
  return {
    email: user.email,
    mobile: user.mobile,
    weixin: has('weixin'),
    qq: has('qq'),
    weibo: has('weibo'),
    google: has('google'),
    facebook: has('facebook'),
  };
}
