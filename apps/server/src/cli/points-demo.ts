import type { AiPointMethod, AiPointProduct, Language } from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { giveBenefit, giveBenefitAlone } from '../modules/benefits/index.js';
import { findPointAccount } from '../modules/points/index.js';
import { consumePoints, expirePoints } from '../modules/points/points.service.js';
import { countTemplateSpends } from '../modules/template-credit/index.js';
import { spendTemplateCredit } from '../modules/template-credit/template-credit.service.js';

const DAY = 86_400;

/** The demo's AI point grants: every source, one ending within a week, one ended. */
const DEMO_GRANTS: readonly { method: AiPointMethod; amount: number; daysAgo: number; lastsDays: number | null }[] = [
  { method: 'New_User_Reward', amount: 100, daysAgo: 60, lastsDays: null },
  { method: 'Daily_Check-In_Bonus', amount: 300, daysAgo: 40, lastsDays: 15 },
  { method: 'Buy_AI_Group', amount: 5000, daysAgo: 35, lastsDays: 365 },
  { method: 'Membership_Bonus', amount: 6666, daysAgo: 25, lastsDays: 30 },
  { method: 'License', amount: 1000, daysAgo: 20, lastsDays: null },
  { method: 'Referral_Bonus', amount: 200, daysAgo: 3, lastsDays: 90 },
];

/** Features the demo used, by product: the mind-map tool's codes 1–29, the diagram tool's 1001–1116. */
const DEMO_FEATURES: Record<AiPointProduct, readonly number[]> = {
  mind: [2, 3, 9, 10, 13, 16, 20, 28, 1],
  max: [1001, 1003, 1010, 1024, 1050, 1077, 1102],
};

/** Templates the demo bought with template credit; each title in every language. */
export const DEMO_TEMPLATES: readonly { titles: Record<Language, string>; price: number; daysAgo: number }[] = [
  {
    titles: {
      zh: '跨职能流程图合集',
      tw: '跨職能流程圖合集',
      en: 'Cross-functional flowchart pack',
      de: 'Paket funktionsübergreifender Flussdiagramme',
      fr: 'Pack de logigrammes interfonctionnels',
      es: 'Paquete de diagramas de flujo interfuncionales',
      it: 'Pacchetto di diagrammi di flusso interfunzionali',
      pt: 'Pacote de fluxogramas multifuncionais',
      ru: 'Набор кросс-функциональных блок-схем',
      jp: '部門横断フローチャートパック',
      kr: '교차 기능 순서도 팩',
      id: 'Paket diagram alir lintas fungsi',
    },
    price: 1200,
    daysAgo: 18,
  },
  {
    titles: {
      zh: '季度 OKR 思维导图',
      tw: '季度 OKR 心智圖',
      en: 'Quarterly OKR mind map',
      de: 'Mindmap für Quartals-OKR',
      fr: 'Carte mentale des OKR trimestriels',
      es: 'Mapa mental de OKR trimestrales',
      it: 'Mappa mentale degli OKR trimestrali',
      pt: 'Mapa mental de OKRs trimestrais',
      ru: 'Интеллект-карта квартальных OKR',
      jp: '四半期 OKR マインドマップ',
      kr: '분기별 OKR 마인드맵',
      id: 'Peta pikiran OKR kuartalan',
    },
    price: 600,
    daysAgo: 11,
  },
  {
    titles: {
      zh: '网络拓扑图集',
      tw: '網路拓撲圖集',
      en: 'Network topology set',
      de: 'Netzwerktopologie-Set',
      fr: 'Ensemble de topologies réseau',
      es: 'Conjunto de topologías de red',
      it: 'Set di topologie di rete',
      pt: 'Conjunto de topologias de rede',
      ru: 'Набор схем топологии сети',
      jp: 'ネットワークトポロジーセット',
      kr: '네트워크 토폴로지 세트',
      id: 'Set topologi jaringan',
    },
    price: 1800,
    daysAgo: 6,
  },
  {
    titles: {
      zh: '每周计划表',
      tw: '每週計畫表',
      en: 'Weekly planner',
      de: 'Wochenplaner',
      fr: 'Planning hebdomadaire',
      es: 'Planificador semanal',
      it: 'Planner settimanale',
      pt: 'Planejador semanal',
      ru: 'Планировщик на неделю',
      jp: '週間プランナー',
      kr: '주간 플래너',
      id: 'Perencana mingguan',
    },
    price: 300,
    daysAgo: 2,
  },
];

const noIdempotencyKey = async () => undefined;

/**
 * AI points and template credit on the demo account, so every part of both screens shows:
 * grants from every source (one ending within a week, one ended and swept as code 2001), uses of
 * both products and many features over the last month, unlimited days, and template credit
 * with purchases. Once: an account that has used points or credit is left alone.
 */
export async function seedPointsDemo(db: Db, userId: number, now: number): Promise<boolean> {
  const [account, spends] = await Promise.all([findPointAccount(db, userId), countTemplateSpends(db, userId)]);
  if ((account?.usage_count ?? 0) > 0 || spends > 0) return false;

  await db.transaction().execute(async (trx) => {
    for (const [i, given] of DEMO_GRANTS.entries()) {
      const at = now - given.daysAgo * DAY;
      await giveBenefit(
        trx,
        userId,
        {
          kind: 'ai_points',
          amount: given.amount,
          expiresAt: given.lastsDays === null ? null : at + given.lastsDays * DAY,
          method: given.method,
        },
        { kind: 'operator', id: `demo-points-${i}`, reason: `demo: ${given.method}` },
        at,
      );
    }
    await giveBenefit(
      trx,
      userId,
      { kind: 'template_credit', amount: 5000 },
      { kind: 'operator', id: 'demo-template-credit', reason: 'demo: template credit top-up' },
      now - 30 * DAY,
    );
  });

  // A use or two a day over the last 30 days, alternating products and cycling features.
  const products: AiPointProduct[] = ['mind', 'max'];
  for (let day = 29, n = 0; day >= 0; day--) {
    for (let use = 0; use < 1 + (day % 2); use++, n++) {
      const product = products[n % 2] as AiPointProduct;
      const features = DEMO_FEATURES[product];
      const at = now - day * DAY - (use + 1) * 3600;
      // Points that ended by then leave first, so the history shows them when they ended.
      await expirePoints(db, at);
      await consumePoints(
        db,
        { userId, product, featureCode: features[n % features.length] as number, points: 5 + ((n * 7) % 40) },
        at,
        noIdempotencyKey,
      );
    }
  }
  for (const template of DEMO_TEMPLATES) {
    await spendTemplateCredit(
      db,
      {
        userId,
        templateId: `demo-${template.daysAgo}`,
        title: template.titles.en,
        titleTranslations: template.titles,
        price: template.price,
      },
      now - template.daysAgo * DAY,
      noIdempotencyKey,
    );
  }
  await expirePoints(db, now);
  await giveBenefitAlone(
    db,
    userId,
    { kind: 'unlimited_ai', days: 12 },
    { kind: 'operator', id: 'demo-unlimited', reason: 'demo: unlimited AI use' },
    now,
  );
  return true;
}
