import type { Language } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { findUserForSignIn, hasAnyUser, revokeUserSessions, upsertPassword } from '../modules/auth/auth.repository.js';
import type { AuthDeps } from '../modules/auth/deps.js';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.js';
import { endingSessions } from '../modules/auth/session-store.js';
import { randomToken } from '../lib/secrets.js';
import { seedOrderDemo } from './order-demo.js';
import { seedPointsDemo } from './points-demo.js';
import { seedMessagesDemo } from './messages-demo.js';
import { seedCoursesDemo } from './courses-demo.js';
import { seedIncomeDemo } from './income-demo.js';
import { type BatchInput, createBatch } from '../modules/codes/index.js';
import { defineCoupon } from '../modules/coupons/coupons.service.js';
import { giveBenefitAlone } from '../modules/benefits/index.js';
import { seedCheckoutDemo } from './checkout-demo.js';
import { seedCompanyDemo } from './company-demo.js';
import { seedTeamDemo } from './team-demo.js';
import { ensureUser, type SeedDeps } from './demo-users.js';

/** The demo sign-in, printed on start and documented in docs/decisions/002. Never in production. */
export const DEMO_EMAIL = 'demo@example.com';

/**
 * The fixed password the demo had until each database made its own (docs/decisions/051): it was
 * printed and published, so a demo account that still has it is replaced at start.
 */
export const RETIRED_DEMO_PASSWORD = 'Demo-Account-2026';

/** A password nobody else knows, made when the demo account is: 96 random bits, 16 characters. */
const newDemoPassword = () => randomToken(12);

/**
 * One unused code of each kind for a newcomer to redeem on the bind and licence screens: an
 * activation key (diagram, one year), a project code, a replacement key (the demo's mind-map
 * licence onto every desktop), a gift code (AI points and template credit).
 */
const DEMO_CODES: readonly (Omit<BatchInput, 'count' | 'usageLimit'> & { name: string })[] = [
  { name: 'activation', kind: 'activation', label: 'demo activation key', benefit: { product: 'max', type: 209 } },
  { name: 'project', kind: 'project', label: 'demo project code', benefit: { type: 2 } },
  {
    name: 'replacement',
    kind: 'replacement',
    label: 'demo replacement key',
    benefit: { product: 'mind', platforms: ['win', 'mac', 'linux'] },
  },
  {
    name: 'gift',
    kind: 'gift',
    label: 'demo gift code',
    benefit: {
      gifts: [
        { kind: 'ai_points', amount: 500, days: 90 },
        { kind: 'template_credit', amount: 1000, days: 90 },
      ],
    },
  },
];

export interface DemoAccount {
  email: string;
  /**
   * The password made when the account was created (or its retired fixed one replaced), shown
   * this once; null for an account that existed already, whose password only its hash keeps.
   */
  password: string | null;
  user_id: number;
  created: boolean;
  /**
   * When the account was created: one unused code of each kind. Only their digests are kept, so
   * they are shown this once (`code:batch` makes more).
   */
  codes?: Record<string, string>;
  /** When the account was created: the out_trade_no of its bank transfer waiting to be confirmed. */
  waiting_transfer?: string;
}

/**
 * Creates the demo account unless it exists, with data on every screen so that each branch can
 * be seen (orders and licences in every state, a team it owns, a company it created). Each part is idempotent.
 */
export async function ensureDemoAccount(deps: AuthDeps): Promise<DemoAccount> {
  const made = newDemoPassword();
  const { userId, created } = await ensureUser(deps, { email: DEMO_EMAIL, password: made, nickName: 'Demo' });
  const password = created ? made : await replaceRetiredDemoPassword(deps);
  await seedOrderDemo(deps.db, userId, deps.clock.now());
  await seedPointsDemo(deps.db, userId, deps.clock.now());
  await seedMessagesDemo(deps.db, userId, deps.clock.now());
  await seedCoursesDemo(deps.db, userId, deps.clock.now());
  await seedIncomeDemo(deps.db, deps.config, userId, deps.clock.now());
  await seedTeamDemo(deps, userId);
  const waiting = await seedCheckoutDemo(deps, userId);
  // After the checkout demo, which looks for the account's first checkout.
  const companyCode = await seedCompanyDemo(deps, userId);
  const account = { email: DEMO_EMAIL, password, user_id: userId, created };
  return created
    ? {
        ...account,
        codes: {
          ...(await demoCodes(deps)),
          ...(await demoCoupons(deps, userId)),
          ...(companyCode ? { company: companyCode } : {}),
        },
        ...(waiting ? { waiting_transfer: waiting } : {}),
      }
    : account;
}

/** The descriptions of the demo's coupons, in every language, as an operator gives them (docs/decisions/058). */
export const DEMO_COUPON_INFO: Record<'held' | 'offered', Record<Language, string>> = {
  held: {
    zh: '模板优惠券',
    tw: '範本優惠券',
    en: 'Template coupon',
    de: 'Vorlagen-Gutschein',
    fr: 'Bon de réduction sur les modèles',
    es: 'Cupón para plantillas',
    it: 'Buono sconto sui modelli',
    pt: 'Cupom de modelos',
    ru: 'Купон на шаблоны',
    jp: 'テンプレートクーポン',
    kr: '템플릿 쿠폰',
    id: 'Kupon templat',
  },
  offered: {
    zh: '思维导图模板特惠',
    tw: '心智圖範本特惠',
    en: 'Mind-map templates sale',
    de: 'Mindmap-Vorlagen im Angebot',
    fr: 'Promotion sur les modèles de cartes mentales',
    es: 'Oferta en plantillas de mapas mentales',
    it: 'Offerta sui modelli di mappe mentali',
    pt: 'Promoção de modelos de mapas mentais',
    ru: 'Скидка на шаблоны интеллект-карт',
    jp: 'マインドマップテンプレートセール',
    kr: '마인드맵 템플릿 할인',
    id: 'Promo templat peta pikiran',
  },
};

/**
 * The demo holds a coupon (¥20 off templates of either community from ¥100, for 90 days), and a
 * code of another (15% off mind-map templates) is printed, to bind on /coupon and see the
 * replace prompt.
 */
async function demoCoupons(deps: SeedDeps, userId: number): Promise<Record<string, string>> {
  const now = deps.clock.now();
  const held = await defineCoupon(
    deps.db,
    {
      type: 1,
      product: 'all',
      value: 2000,
      currency: 'CNY',
      minSpend: 10000,
      infoTranslations: DEMO_COUPON_INFO.held,
      validDays: 90,
    },
    now,
  );
  await giveBenefitAlone(
    deps.db,
    userId,
    { kind: 'coupon', coupon: held.id, replaceHeld: false },
    { kind: 'operator', id: 'demo-coupon', reason: 'demo coupon' },
    now,
  );
  const offered = await defineCoupon(
    deps.db,
    { type: 2, product: 'mind', value: 15, currency: 'CNY', infoTranslations: DEMO_COUPON_INFO.offered, validDays: 30 },
    now,
  );
  const made = await createBatch(
    deps.db,
    deps.config.secretKey,
    {
      kind: 'gift',
      label: 'demo coupon code',
      benefit: { gifts: [{ kind: 'coupon', coupon: offered.id }] },
      count: 1,
      usageLimit: 1,
    },
    now,
  );
  return { coupon: made.codes[0] as string };
}

async function demoCodes(deps: SeedDeps): Promise<Record<string, string>> {
  const codes: Record<string, string> = {};
  for (const { name, ...batch } of DEMO_CODES) {
    const made = await createBatch(
      deps.db,
      deps.config.secretKey,
      { ...batch, count: 1, usageLimit: 1 },
      deps.clock.now(),
    );
    codes[name] = made.codes[0] as string;
  }
  return codes;
}

/**
 * A demo account that still signs in with the retired published password gets a new random one,
 * and its sessions end (whoever else used the published one is signed out): returns the new
 * password, or null when there is no such account. Run at every start, so a database seeded
 * before passwords were made per database stops being open to whoever read the old README.
 */
export async function replaceRetiredDemoPassword(deps: AuthDeps): Promise<string | null> {
  const demo = await findUserForSignIn(deps.db, 'email', DEMO_EMAIL);
  if (!demo || !(await verifyPassword(demo.secret_hash, RETIRED_DEMO_PASSWORD))) return null;
  const password = newDemoPassword();
  const secretHash = await hashPassword(password);
  const now = deps.clock.now();
  await endingSessions(deps, async (trx, ending) => {
    await upsertPassword(trx, demo.id, secretHash, now);
    await revokeUserSessions(trx, ending, demo.id, now, 'demo password replaced');
  });
  return password;
}

/** On a database without users (first `npm start`), creates the demo account and returns its sign-in. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<DemoAccount | null> {
  if (await hasAnyUser(app.db)) return null;
  const demo = await ensureDemoAccount(app);
  return demo.created ? demo : null;
}
