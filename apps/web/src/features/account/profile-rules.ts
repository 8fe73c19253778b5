import { NICKNAME_MAX_LENGTH } from '@account-centre/contract';

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

/**
 * Spec 01 §5: unbinding is allowed only while another sign-in method remains. Phone and the
 * third-party methods count only in the domestic build.
 */
export function canUnbind(
  user: { email: string | null; mobile: string | null; weixin: boolean; qq: boolean; weibo: boolean },
  domestic: boolean,
): boolean {
  const methods = domestic ? [user.email, user.mobile, user.weixin, user.qq, user.weibo] : [user.email];
  return methods.filter(Boolean).length > 1;
}
