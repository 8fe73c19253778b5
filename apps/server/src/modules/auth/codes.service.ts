import { createHmac } from 'node:crypto';
import {
  AuthErrors,
  CommonErrors,
  type Language,
  type Region,
  VerificationLimits,
  type VerificationPurposeCode,
} from '@account-centre/contract';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import { constantTimeEqual, randomDigits } from '../../lib/secrets.js';
import { insertMessage, type OutboxChannel } from '../outbox/index.js';
import { chosenLanguage, findOpenUser } from '../user/index.js';
import { codeTexts, fillCodeText } from './code-texts.js';
import * as repo from './codes.repository.js';
import type { AuthDeps } from './deps.js';

const DAY = 86_400;

/** Where a code goes: a normalised e-mail address or a mainland mobile number. */
export interface CodeTarget {
  channel: OutboxChannel;
  target: string;
}

/**
 * Stored form of a code: HMAC-SHA256 keyed with the server secret over purpose, target and
 * code. A plain hash of six digits falls to a million guesses; without the key a leaked table
 * tells nothing, and a code of one purpose or address never matches another.
 */
export function codeHash(secretKey: string, purpose: number, target: string, code: string): string {
  return createHmac('sha256', secretKey).update(`${purpose}\n${target}\n${code}`).digest('hex');
}

/**
 * Sends a fresh code. The send window (60 s spacing, 10 per day per target) is claimed in one
 * conditional UPDATE, and the window, the code row and the outbox message commit together.
 * The answer never depends on whether an account exists for the target (no enumeration). The
 * message is in the language the account chose, else in `requestLanguage`, the language of the
 * page the code was asked from (docs/decisions/058); only the mailbox sees which.
 */
export async function sendCode(
  deps: AuthDeps,
  input: CodeTarget & { purpose: VerificationPurposeCode },
  region: Region,
  requestLanguage: Language,
): Promise<{ expires_in: number; resend_after: number }> {
  // SMS is a domestic service (spec 01 §1: mobile sign-in exists in the domestic build only).
  if (input.channel === 'sms' && region !== 'domestic') throw appError(CommonErrors.regionNotAllowed);

  const { digits, lifetimeSeconds, resendAfterSeconds, maxSendsPerDay } = VerificationLimits;
  const now = deps.clock.now();
  const code = randomDigits(digits);
  await deps.db.transaction().execute(async (trx) => {
    const claim = async () => {
      await repo.ensureSendWindow(trx, input.target, now);
      return repo.claimSendSlot(trx, input.target, now, resendAfterSeconds, maxSendsPerDay);
    };
    let slot = await claim();
    let window = slot ? undefined : await repo.findSendWindow(trx, input.target);
    // A spent window the record sweep deleted between the insert (a no-op: it was there) and the
    // claim: made again, it is claimed as a missing one would have been (docs/decisions/039).
    if (!slot && !window) {
      slot = await claim();
      window = slot ? undefined : await repo.findSendWindow(trx, input.target);
    }
    if (!slot) {
      const tooSoon = window ? window.last_sent_at + resendAfterSeconds - now : 0;
      if (tooSoon > 0) throw appError(CommonErrors.tooFrequent, { retry_after: tooSoon });
      const dayLeft = window ? Math.max(1, window.day_started_at + DAY - now) : DAY;
      throw appError(AuthErrors.codeCountLimit, { retry_after: dayLeft });
    }
    await repo.insertCode(trx, {
      target: input.target,
      purpose: input.purpose,
      code_hash: codeHash(deps.config.secretKey, input.purpose, input.target, code),
      created_at: now,
      expires_at: now + lifetimeSeconds,
    });
    const language = (await accountLanguage(trx, input)) ?? requestLanguage;
    await insertMessage(trx, codeMessage(input.channel, input.target, input.purpose, code, language), now);
  });
  return { expires_in: lifetimeSeconds, resend_after: resendAfterSeconds };
}

/**
 * Spends one try of the target's newest code and compares it in constant time. Returns the
 * code's id, to be consumed with `consumeCode` in the transaction of the action it pays for.
 *
 * - no usable code (none sent, expired, used, or its 5 tries spent) → 400 `expired`, code 4:
 *   the only remedy is a new code;
 * - wrong digits → 400 `invalid code`, code 3: the user may try again.
 */
export async function checkCode(
  deps: AuthDeps,
  input: { target: string; purpose: VerificationPurposeCode; code: string },
): Promise<number> {
  const now = deps.clock.now();
  const row = await repo.spendAttempt(deps.db, input.target, input.purpose, now, VerificationLimits.maxAttempts);
  if (!row) throw appError(AuthErrors.codeExpired);
  const expected = codeHash(deps.config.secretKey, input.purpose, input.target, input.code);
  if (!constantTimeEqual(row.code_hash, expected)) throw appError(AuthErrors.invalidCode);
  return row.id;
}

/** Uses a checked code once; the loser of two requests racing with one code gets `expired`. */
export async function consumeCode(db: Db, codeId: number, now: number): Promise<void> {
  const used = await repo.consumeCode(db, codeId, now);
  if (!used) throw appError(AuthErrors.codeExpired);
}

/**
 * Whether a code is one that a success already consumed for this target and purpose, within
 * the lifetime it had: sent again (a double submit, a retried request, a second tab), it is
 * not a guess. The stored form is a keyed hash of purpose, target and code, so the same code
 * hashes to the same value and is recognised without being kept.
 */
export async function isConsumedCode(
  deps: AuthDeps,
  input: { target: string; purpose: VerificationPurposeCode; code: string },
): Promise<boolean> {
  const hash = codeHash(deps.config.secretKey, input.purpose, input.target, input.code);
  const row = await repo.findConsumedCode(deps.db, input.target, input.purpose, hash, deps.clock.now());
  return row !== undefined;
}

/** The language the account of a sign-in address chose, if there is such an account and it chose one. */
async function accountLanguage(db: Db, target: CodeTarget): Promise<Language | null> {
  const account = await findOpenUser(
    db,
    target.channel === 'email' ? { email: target.target } : { mobile: target.target },
  );
  return account ? chosenLanguage(account) : null;
}

function codeMessage(
  channel: OutboxChannel,
  recipient: string,
  purpose: VerificationPurposeCode,
  code: string,
  language: Language,
) {
  const texts = codeTexts[language];
  const values = { code, minutes: String(VerificationLimits.lifetimeSeconds / 60), purpose: texts.purposes[purpose] };
  const subject = fillCodeText(texts.subject, values);
  if (channel === 'sms') return { channel, recipient, subject, body: fillCodeText(texts.sms, values) };
  return { channel, recipient, subject, body: texts.body.map((line) => fillCodeText(line, values)).join('\n\n') };
}
