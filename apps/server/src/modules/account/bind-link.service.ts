import {
  BIND_LINK_PARAM,
  BIND_LINK_TTL_SECONDS,
  type BindLinkState,
  CommonErrors,
  maskEmail,
  PhoneBindErrors,
  type Region,
  VerificationPurpose,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { type AppError, appError } from '../../lib/errors.js';
import { qrSvg } from '../../lib/qr.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { checkCode, consumeCode } from '../auth/index.js';
import type { AuthDeps, ClientInfo } from '../auth/index.js';
import { findContactDetails, lockOpenUserAddresses } from '../user/index.js';
import { sendSecurityAlert } from '../alerts/index.js';
import { type Actor, audit, refuseOwnNumber, requireDomestic, writeAddress } from './account.service.js';
import * as repo from './bind-link.repository.js';

/**
 * Binding a phone from a computer by QR code (spec 01 §2; docs/decisions/009). The signed-in
 * computer makes a one-time link; whoever opens it on a phone may bind that phone, and nothing
 * else, to the account, with a code sent to the phone (purpose 4), as the normal bind does.
 */

/**
 * Creates the account's link, replacing any earlier one. The account's row is locked first, as
 * every change of a sign-in method does (decision 007): the same order as the bind below, so
 * the two never wait on each other in opposite orders.
 */
export async function createBindLink(deps: AuthDeps, actor: Actor, origin: string) {
  requireDomestic(actor.region);
  const token = randomToken();
  const now = deps.clock.now();
  const expiresAt = now + BIND_LINK_TTL_SECONDS;
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOpenUserAddresses(trx, actor.userId, now);
    if (!locked) throw appError(CommonErrors.notFound);
    if (locked.mobile !== null) throw appError(PhoneBindErrors.alreadyBound);
    await repo.upsertLink(trx, {
      user_id: actor.userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: expiresAt,
    });
    await audit(trx, actor, 'mobile.bind_link', now);
  });
  const url = `${origin}/account?${new URLSearchParams({ [BIND_LINK_PARAM]: token })}`;
  return { url, qr_svg: qrSvg(url), expires_at: expiresAt, expires_in: BIND_LINK_TTL_SECONDS };
}

/** What became of the account's newest link, for the computer that shows it. */
export async function bindLinkState(
  deps: AuthDeps,
  userId: number,
): Promise<{ state: Static<typeof BindLinkState>; expires_at: number | null }> {
  const link = await repo.findLinkOfUser(deps.db, userId);
  if (!link) return { state: 'none', expires_at: null };
  const state = link.used_at !== null ? 'bound' : link.expires_at <= deps.clock.now() ? 'expired' : 'waiting';
  return { state, expires_at: link.expires_at };
}

/** The link of a token's hash with how its account is greeted and which addresses it holds. */
async function findLinkWithAccount(db: Db, tokenHash: string) {
  const link = await repo.findLinkByHash(db, tokenHash);
  const account = link && (await findContactDetails(db, link.user_id));
  return account && { ...link, ...account };
}

type FoundLink = NonNullable<Awaited<ReturnType<typeof findLinkWithAccount>>>;

/** Why a link cannot bind a phone now, or null when it can. */
function refusal(link: FoundLink | undefined, now: number): AppError | null {
  // A closed account's link is as dead as one that never existed.
  if (!link || link.closed_at !== null) return appError(PhoneBindErrors.linkInvalid);
  if (link.used_at !== null) return appError(PhoneBindErrors.linkUsed);
  if (link.expires_at <= now) return appError(PhoneBindErrors.linkExpired);
  if (link.mobile !== null) return appError(PhoneBindErrors.alreadyBound);
  return null;
}

async function usableLink(db: Db, token: string, now: number): Promise<FoundLink> {
  const link = await findLinkWithAccount(db, hashToken(token));
  if (!link) throw appError(PhoneBindErrors.linkInvalid);
  const problem = refusal(link, now);
  if (problem) throw problem;
  return link;
}

/**
 * Who the phone is about to be bound to, masked as the account screen masks (spec 01 §2): the
 * e-mail's first two characters, or else the nickname's, then ****. The person holding the
 * phone recognises their account; someone who found the link learns next to nothing.
 */
export function maskedAccount(account: { email: string | null; nick_name: string }): string {
  if (account.email) return maskEmail(account.email);
  const characters = [...account.nick_name];
  return `${characters.slice(0, characters.length > 2 ? 2 : 1).join('')}****`;
}

/** Whether a link can still bind a phone, and to which (masked) account. */
export async function describeBindLink(deps: AuthDeps, token: string, region: Region) {
  requireDomestic(region);
  const link = await usableLink(deps.db, token, deps.clock.now());
  return { account: maskedAccount(link), expires_at: link.expires_at };
}

/**
 * Binds the phone with a code of purpose 4 sent to it, under the same rules as the normal bind
 * (one account per number, no phone bound yet), and uses the link up. Every refusal comes
 * before the code try is spent when it can; in the transaction the row lock, the link's
 * conditional UPDATE and the phone-number key decide, so two submits racing with one link
 * bind once and a failure writes nothing.
 */
export async function bindByLink(
  deps: AuthDeps,
  input: { token: string; mobile: string; code: string },
  request: { region: Region; client: ClientInfo },
) {
  requireDomestic(request.region);
  const mobile = input.mobile.trim();
  const link = await usableLink(deps.db, input.token, deps.clock.now());
  refuseOwnNumber(link, 'mobile', mobile);
  const codeId = await checkCode(deps, { target: mobile, purpose: VerificationPurpose.newCheck, code: input.code });

  const tokenHash = hashToken(input.token);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await consumeCode(trx, codeId, now);
    const locked = await lockOpenUserAddresses(trx, link.user_id, now);
    if (!locked) throw appError(PhoneBindErrors.linkInvalid);
    if (!(await repo.claimLink(trx, tokenHash, link.user_id, now))) {
      throw refusal(await findLinkWithAccount(trx, tokenHash), now) ?? appError(PhoneBindErrors.linkUsed);
    }
    if (locked.mobile !== null) throw appError(PhoneBindErrors.alreadyBound);
    await writeAddress(trx, link.user_id, 'mobile', mobile, now);
    await audit(trx, { userId: link.user_id, client: request.client }, 'mobile.bind', now, { via: 'link' });
    await sendSecurityAlert(
      trx,
      link.user_id,
      { kind: 'addressChanged', column: 'mobile', from: null, to: mobile },
      now,
    );
  });
  return { account: maskedAccount(link) };
}
