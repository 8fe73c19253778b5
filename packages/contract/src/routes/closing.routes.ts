import { type Static, Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { strict } from '../http/schema.js';
import { UserIdParams } from './user.routes.js';

// What closing an account gives up, read by the closing dialog before the owner confirms. A file
// of its own: the dialog loads lazily, and so does this route's schema with it.

/** A positive whole number of fen (CNY). */
const FenHeld = Type.Integer({ minimum: 1 });
const HowMany = Type.Integer({ minimum: 1 });

/**
 * Something the account still holds that closing it gives up, or that stays in motion after it
 * (a withdrawal already asked for is still paid). The closing confirmation names each one, so
 * nobody closes an account without seeing the money, points and teams that go with it.
 */
export const ClosingForfeit = Type.Union([
  /** Income not yet withdrawn, the cashback still locked included. */
  Type.Object({ kind: Type.Literal('income'), fen: FenHeld }, strict),
  /** Withdrawals asked for and not yet paid: they are still paid to the account they name. */
  Type.Object({ kind: Type.Literal('withdrawal_pending'), fen: FenHeld }, strict),
  /**
   * What refunds took back beyond the income left after withdrawals, once the locked cashback
   * has gone to it: it stays owed, closing does not cancel it (docs/decisions/053).
   */
  Type.Object({ kind: Type.Literal('income_owed'), fen: FenHeld }, strict),
  Type.Object({ kind: Type.Literal('ai_points'), points: HowMany }, strict),
  Type.Object({ kind: Type.Literal('template_credit'), fen: FenHeld }, strict),
  /** Coupons held and not yet used. */
  Type.Object({ kind: Type.Literal('coupons'), count: HowMany }, strict),
  /**
   * Company spaces the account created: they stay, with their members, but without their
   * creator until customer service hands them to someone else.
   */
  Type.Object({ kind: Type.Literal('companies_created'), count: HowMany }, strict),
  /** Teams the account owns: they are deleted with it, and `members` other people lose their place. */
  Type.Object({ kind: Type.Literal('teams_owned'), count: HowMany, members: Type.Integer({ minimum: 0 }) }, strict),
]);

export type ClosingForfeitItem = Static<typeof ClosingForfeit>;

export const getClosingForfeitsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/close/forfeits',
  summary:
    'What closing the account gives up: income not withdrawn, withdrawals still to be paid, AI points, template credit, coupons, company spaces created, teams owned (none: an empty list)',
  tags: ['account'],
  access: 'user',
  params: UserIdParams,
  reply: Envelope(Type.Object({ items: Type.Array(ClosingForfeit) })),
});
