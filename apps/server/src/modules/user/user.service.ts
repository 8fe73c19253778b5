import {
  AccountErrors,
  buildLanguage,
  CommonErrors,
  type ErrorEntry,
  isLanguage,
  type Language,
  ProfileAnswerCode,
  type Region,
  resolveLanguage,
  type updateUserRoute,
  type UserInfo,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import type { UserSettings } from './user.settings.js';
import type { Clock } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import { hasControlCharacters, sensitiveWordList, stripControlCharacters, TermList } from './content-screen.js';
import { normaliseNickName } from './nickname.js';
import * as repo from './user.repository.js';

type UserInfoData = Static<typeof UserInfo>;
type UpdateBody = Static<NonNullable<(typeof updateUserRoute)['body']>>;

interface UserDeps {
  db: Db;
  clock: Clock;
  config: Pick<UserSettings, 'brandNames'>;
}

export async function getUserInfo(deps: UserDeps, userId: number): Promise<UserInfoData> {
  const rows = await repo.findUserInfo(deps.db, userId);
  const [row] = rows;
  if (!row) throw appError(CommonErrors.notFound);
  const providers = new Set<string>();
  for (const { identity_provider: provider } of rows) if (provider !== null) providers.add(provider);
  return toUserInfo(row, providers);
}

/**
 * Updates the fields sent; any refusal changes nothing. Nickname (spec 01 §5): trimmed, 1–32
 * characters, no control characters, no product or brand name (400 `name format`, after which
 * the web restores the old name), no sensitive word (400 `sensitive`, code 2: sensitiveVerb).
 * Profile (the introduction): control characters removed, HTML kept as text (the API never
 * renders it, the web shows it as text), screened like the nickname. Birthday: a real
 * calendar day, not in the future.
 */
export async function updateUserInfo(deps: UserDeps, userId: number, body: UpdateBody): Promise<UserInfoData> {
  const now = deps.clock.now();
  const changes: repo.ProfileChanges = {};
  if (body.nick_name !== undefined) {
    const nickName = normaliseNickName(body.nick_name);
    if (nickName === null) throw invalidField('nick_name', 'length');
    if (hasControlCharacters(nickName)) throw invalidField('nick_name', 'characters');
    if (brandList(deps.config.brandNames).matches(nickName)) {
      throw appError(AccountErrors.nameFormat, { fields: [{ field: 'body/nick_name', rule: 'brand' }] });
    }
    if (sensitiveWordList().matches(nickName)) throw sensitive('nick_name');
    changes.nick_name = nickName;
  }
  if (body.profile !== undefined) {
    const profile = body.profile === null ? null : stripControlCharacters(body.profile).trim();
    if (profile !== null && sensitiveWordList().matches(profile)) throw sensitive('profile');
    changes.profile = profile === '' ? null : profile;
  }
  if (body.birthday !== undefined) {
    if (body.birthday !== null && !isPlausibleBirthday(body.birthday, now)) throw invalidField('birthday', 'date');
    changes.birthday = body.birthday;
  }
  if (body.sex !== undefined) changes.sex = body.sex;
  if (body.country !== undefined) changes.country = body.country;
  if (body.language !== undefined) changes.language = body.language;

  const updated = await repo.updateProfile(deps.db, userId, changes, now);
  if (!updated) throw appError(CommonErrors.notFound);
  return getUserInfo(deps, userId);
}

/** Spec 01 §7 updateUserInfo: code 2 is sensitive content (sensitiveVerb). */
function sensitive(field: string) {
  return appError(AccountErrors.sensitive, {
    code: ProfileAnswerCode.sensitive,
    fields: [{ field: `body/${field}`, rule: 'sensitive' }],
  });
}

const brandLists = new WeakMap<readonly string[], TermList>();

/** The configured brand names as a term list, built once per configuration. */
function brandList(names: readonly string[]): TermList {
  let list = brandLists.get(names);
  if (!list) {
    list = new TermList(names);
    brandLists.set(names, list);
  }
  return list;
}

/** Same shape as a schema failure, so the web app handles both alike. */
function invalidField(field: string, rule: string) {
  return appError(CommonErrors.invalidRequest, { fields: [{ field: `body/${field}`, rule }] });
}

const EARLIEST_BIRTHDAY = Date.UTC(1900, 0, 1);

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-30), from 1900 up to today (UTC). */
export function isPlausibleBirthday(value: string, now: number): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && time >= EARLIEST_BIRTHDAY && time <= now * 1000;
}

function toUserInfo(row: repo.UserInfoRow, providers: ReadonlySet<string>): UserInfoData {
  return {
    user_id: row.id,
    nick_name: row.nick_name,
    avatar_url: row.avatar_url,
    email: row.email,
    mobile: row.mobile,
    second_mobile: row.second_mobile,
    weixin: providers.has('weixin'),
    qq: providers.has('qq'),
    weibo: providers.has('weibo'),
    hasPwd: row.password_user_id !== null,
    profile: row.profile,
    birthday: row.birthday,
    region: row.region,
    sex: row.sex,
    country: row.country,
    language: chosenLanguage(row),
    // Storage quotas arrive with cloud storage; until then nothing is allotted or used.
    max_storage: 0,
    used_storage: 0,
    created_at: row.created_at,
  };
}

/**
 * Finds the open account an operator named (id or e-mail) and locks its row for the rest of the
 * transaction — the lock closing an account takes first, so a membership is either given before
 * the closing (which then removes it) or refused after. No such open account → `missing`, the
 * domain's own "user not exists".
 */
export async function lockNamedUser(trx: Db, user: repo.UserRef, missing: ErrorEntry): Promise<number> {
  const userId = await repo.lockOpenUserByRef(trx, user);
  if (userId === null) throw appError(missing);
  return userId;
}

/**
 * An open account's id, or 404: what another service names (`user_id` of an `/api/internal/`
 * call) must be an account that exists and is not closed.
 */
export async function requireOpenUser(db: Db, userId: number): Promise<number> {
  const user = await repo.findOpenUserById(db, userId);
  if (!user) throw appError(CommonErrors.notFound);
  return user.id;
}

/**
 * The language of a text no request names one for (a renewal charged at night, an e-mail, a
 * desktop client's call): the one the account chose, else its region's (docs/decisions/058).
 */
export async function accountLanguage(db: Db, userId: number, region: Region): Promise<Language> {
  const account = await repo.findAccountSettings(db, userId);
  return resolveLanguage(account?.language, buildLanguage(region));
}

/** The language an account chose, when it chose one of the twelve. */
export function chosenLanguage(account: { language: string | null }): Language | null {
  return account.language !== null && isLanguage(account.language) ? account.language : null;
}
