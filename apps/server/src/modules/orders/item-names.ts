import {
  type CheckoutItem,
  checkoutItemByKey,
  type Language,
  languageTags,
  type OrderProductCode,
  type PersonalItem,
  personalPlanOrderProduct,
  type PersonalPlanProduct,
} from '@account-centre/contract';

/**
 * What a checkout item is called in each language, wherever the server writes it: the provider's
 * pay page, the order history, the receipt and its e-mails (docs/decisions/058). The words are the
 * purchase screen's (the web's `checkout:names`, `checkout:plans`, `checkout:product`), so a
 * buyer reads the same name before and after paying; the team's and the company's names, which the
 * screen adds, are left out: an order keeps what was bought, not what its team is called today.
 */

/** What a business term was bought for besides a company plan of its own. */
export const itemTargets = ['team', 'company_seats', 'company_time'] as const;
export type ItemTarget = (typeof itemTargets)[number];

/** The target of a checkout's business term: a team's seats, else a company's change, else none. */
export function itemTargetOf(bought: { companyChange: 'seats' | 'time' | null; forTeam: boolean }): ItemTarget | null {
  if (bought.forTeam) return 'team';
  if (bought.companyChange === 'seats') return 'company_seats';
  if (bought.companyChange === 'time') return 'company_time';
  return null;
}

type BusinessTerm = 'lifetime' | 'oneYear' | 'twoYears' | 'threeYears';

interface ItemTexts {
  products: Record<PersonalPlanProduct, string>;
  plans: Record<PersonalItem['plan']['key'], string>;
  terms: Record<BusinessTerm, string>;
  /** `{plan}`, `{product}`. */
  personal: string;
  /** `{plan}`, `{seats}`. */
  business: string;
  /** Seats of a team: `{plan}`, `{seats}`. */
  team: string;
  /** Seats added to a company: `{seats}`. */
  companySeats: string;
  /** A term added to every seat of a company: `{term}`, `{seats}`. */
  companyTime: string;
  aiPoints: string;
  aiUnlimited: string;
  /** `{amount}`, in yuan. */
  templateCredit: string;
}

const texts: Record<Language, ItemTexts> = {
  zh: {
    products: { max: '图示', mind: '思维导图' },
    plans: {
      continuousYearly: '连续包年',
      oneYear: '1 年版',
      twoYears: '2 年版',
      lifetime: '终身版',
      halfYearContinuous: '连续包半年',
    },
    terms: { lifetime: '终身', oneYear: '1 年', twoYears: '2 年', threeYears: '3 年' },
    personal: '{plan}（{product}）',
    business: '企业版套餐，{plan}，席位：{seats}',
    team: '团队套餐，{plan}，席位：{seats}',
    companySeats: '为企业增加席位：{seats}',
    companyTime: '为企业续期 {term}，席位：{seats}',
    aiPoints: '{points} AI 点数',
    aiUnlimited: 'AI 无限使用 {days} 天',
    templateCredit: '{amount} 模板券',
  },
  tw: {
    products: { max: '圖表', mind: '心智圖' },
    plans: {
      continuousYearly: '連續包年',
      oneYear: '1 年版',
      twoYears: '2 年版',
      lifetime: '終身版',
      halfYearContinuous: '連續包半年',
    },
    terms: { lifetime: '終身', oneYear: '1 年', twoYears: '2 年', threeYears: '3 年' },
    personal: '{plan}（{product}）',
    business: '企業版方案，{plan}，席位：{seats}',
    team: '團隊方案，{plan}，席位：{seats}',
    companySeats: '為企業增加席位：{seats}',
    companyTime: '為企業續期 {term}，席位：{seats}',
    aiPoints: '{points} AI 點數',
    aiUnlimited: 'AI 無限使用 {days} 天',
    templateCredit: '{amount} 範本券',
  },
  en: {
    products: { max: 'Diagram', mind: 'Mind map' },
    plans: {
      continuousYearly: 'Yearly plan',
      oneYear: '1-year plan',
      twoYears: '2-year plan',
      lifetime: 'Lifetime plan',
      halfYearContinuous: 'Half-year plan',
    },
    terms: { lifetime: 'Lifetime', oneYear: '1 year', twoYears: '2 years', threeYears: '3 years' },
    personal: '{plan} ({product})',
    business: 'Business plan, {plan}, seats: {seats}',
    team: 'Team plan, {plan}, seats: {seats}',
    companySeats: 'More seats for the company: {seats}',
    companyTime: '{term} more for the company, seats: {seats}',
    aiPoints: '{points} AI points',
    aiUnlimited: 'Unlimited AI use for {days} days',
    templateCredit: 'Template credit of {amount}',
  },
  de: {
    products: { max: 'Diagramm', mind: 'Mindmap' },
    plans: {
      continuousYearly: 'Jahresabo',
      oneYear: '1-Jahres-Tarif',
      twoYears: '2-Jahres-Tarif',
      lifetime: 'Lebenslanger Tarif',
      halfYearContinuous: 'Halbjahresabo',
    },
    terms: { lifetime: 'Lebenslang', oneYear: '1 Jahr', twoYears: '2 Jahre', threeYears: '3 Jahre' },
    personal: '{plan} ({product})',
    business: 'Business-Tarif, {plan}, Plätze: {seats}',
    team: 'Team-Tarif, {plan}, Plätze: {seats}',
    companySeats: 'Weitere Plätze für das Unternehmen: {seats}',
    companyTime: '{term} mehr für das Unternehmen, Plätze: {seats}',
    aiPoints: '{points} KI-Punkte',
    aiUnlimited: 'Unbegrenzte KI-Nutzung für {days} Tage',
    templateCredit: 'Vorlagenguthaben über {amount}',
  },
  fr: {
    products: { max: 'Diagrammes', mind: 'Carte mentale' },
    plans: {
      continuousYearly: 'Abonnement annuel',
      oneYear: 'Formule 1 an',
      twoYears: 'Formule 2 ans',
      lifetime: 'Formule à vie',
      halfYearContinuous: 'Abonnement semestriel',
    },
    terms: { lifetime: 'À vie', oneYear: '1 an', twoYears: '2 ans', threeYears: '3 ans' },
    personal: '{plan} ({product})',
    business: 'Formule Entreprise, {plan}, postes : {seats}',
    team: 'Forfait d’équipe, {plan}, places : {seats}',
    companySeats: 'Postes supplémentaires pour l’entreprise : {seats}',
    companyTime: '{term} de plus pour l’entreprise, postes : {seats}',
    aiPoints: '{points} points IA',
    aiUnlimited: 'IA illimitée pendant {days} jours',
    templateCredit: 'Crédit de modèles de {amount}',
  },
  es: {
    products: { max: 'Diagramas', mind: 'Mapa mental' },
    plans: {
      continuousYearly: 'Suscripción anual',
      oneYear: 'Plan de 1 año',
      twoYears: 'Plan de 2 años',
      lifetime: 'Plan vitalicio',
      halfYearContinuous: 'Suscripción semestral',
    },
    terms: { lifetime: 'Vitalicio', oneYear: '1 año', twoYears: '2 años', threeYears: '3 años' },
    personal: '{plan} ({product})',
    business: 'Plan de empresa, {plan}, puestos: {seats}',
    team: 'Plan de equipo, {plan}, plazas: {seats}',
    companySeats: 'Más puestos para la empresa: {seats}',
    companyTime: '{term} más para la empresa, puestos: {seats}',
    aiPoints: '{points} puntos de IA',
    aiUnlimited: 'Uso ilimitado de IA durante {days} días',
    templateCredit: 'Crédito de plantillas de {amount}',
  },
  it: {
    products: { max: 'Diagrammi', mind: 'Mappa mentale' },
    plans: {
      continuousYearly: 'Abbonamento annuale',
      oneYear: 'Piano di 1 anno',
      twoYears: 'Piano di 2 anni',
      lifetime: 'Piano a vita',
      halfYearContinuous: 'Abbonamento semestrale',
    },
    terms: { lifetime: 'A vita', oneYear: '1 anno', twoYears: '2 anni', threeYears: '3 anni' },
    personal: '{plan} ({product})',
    business: 'Piano aziendale, {plan}, postazioni: {seats}',
    team: 'Piano del team, {plan}, posti: {seats}',
    companySeats: 'Postazioni aggiuntive per l’azienda: {seats}',
    companyTime: '{term} in più per l’azienda, postazioni: {seats}',
    aiPoints: '{points} punti IA',
    aiUnlimited: 'Uso illimitato dell’IA per {days} giorni',
    templateCredit: 'Credito modelli di {amount}',
  },
  pt: {
    products: { max: 'Diagramas', mind: 'Mapa mental' },
    plans: {
      continuousYearly: 'Assinatura anual',
      oneYear: 'Plano de 1 ano',
      twoYears: 'Plano de 2 anos',
      lifetime: 'Plano vitalício',
      halfYearContinuous: 'Assinatura semestral',
    },
    terms: { lifetime: 'Vitalício', oneYear: '1 ano', twoYears: '2 anos', threeYears: '3 anos' },
    personal: '{plan} ({product})',
    business: 'Plano empresarial, {plan}, lugares: {seats}',
    team: 'Plano de equipe, {plan}, vagas: {seats}',
    companySeats: 'Mais lugares para a empresa: {seats}',
    companyTime: 'Mais {term} para a empresa, lugares: {seats}',
    aiPoints: '{points} pontos de IA',
    aiUnlimited: 'Uso ilimitado de IA durante {days} dias',
    templateCredit: 'Crédito de modelos de {amount}',
  },
  ru: {
    products: { max: 'Диаграммы', mind: 'Интеллект-карты' },
    plans: {
      continuousYearly: 'Годовая подписка',
      oneYear: 'Тариф на 1 год',
      twoYears: 'Тариф на 2 года',
      lifetime: 'Пожизненный тариф',
      halfYearContinuous: 'Полугодовая подписка',
    },
    terms: { lifetime: 'Пожизненно', oneYear: '1 год', twoYears: '2 года', threeYears: '3 года' },
    personal: '{plan} ({product})',
    business: 'Бизнес-тариф, {plan}, мест: {seats}',
    team: 'Командный тариф, {plan}, мест: {seats}',
    companySeats: 'Дополнительные места для компании: {seats}',
    companyTime: 'Компания: продление на {term}, мест: {seats}',
    aiPoints: 'Баллы ИИ: {points}',
    aiUnlimited: 'Безлимитный ИИ, дней: {days}',
    templateCredit: 'Баланс шаблонов на {amount}',
  },
  jp: {
    products: { max: '作図', mind: 'マインドマップ' },
    plans: {
      continuousYearly: '年間自動更新プラン',
      oneYear: '1 年プラン',
      twoYears: '2 年プラン',
      lifetime: '永久プラン',
      halfYearContinuous: '半年自動更新プラン',
    },
    terms: { lifetime: '永久', oneYear: '1 年', twoYears: '2 年', threeYears: '3 年' },
    personal: '{plan}（{product}）',
    business: 'ビジネスプラン、{plan}、シート数：{seats}',
    team: 'チームプラン、{plan}、シート数：{seats}',
    companySeats: '企業のシート追加：{seats}',
    companyTime: '企業の期間を {term} 延長、シート数：{seats}',
    aiPoints: 'AIポイント {points}',
    aiUnlimited: 'AI 無制限利用 {days} 日間',
    templateCredit: 'テンプレートクレジット {amount}',
  },
  kr: {
    products: { max: '다이어그램', mind: '마인드맵' },
    plans: {
      continuousYearly: '연간 자동 갱신 요금제',
      oneYear: '1년 요금제',
      twoYears: '2년 요금제',
      lifetime: '평생 요금제',
      halfYearContinuous: '6개월 자동 갱신 요금제',
    },
    terms: { lifetime: '평생', oneYear: '1년', twoYears: '2년', threeYears: '3년' },
    personal: '{plan}({product})',
    business: '비즈니스 요금제, {plan}, 좌석: {seats}',
    team: '팀 요금제, {plan}, 좌석: {seats}',
    companySeats: '기업 좌석 추가: {seats}',
    companyTime: '기업 기간 {term} 연장, 좌석: {seats}',
    aiPoints: 'AI 포인트 {points}',
    aiUnlimited: 'AI 무제한 사용 {days}일',
    templateCredit: '템플릿 크레딧 {amount}',
  },
  id: {
    products: { max: 'Aplikasi diagram', mind: 'Peta pikiran' },
    plans: {
      continuousYearly: 'Langganan tahunan',
      oneYear: 'Paket 1 tahun',
      twoYears: 'Paket 2 tahun',
      lifetime: 'Paket seumur hidup',
      halfYearContinuous: 'Langganan setengah tahun',
    },
    terms: { lifetime: 'Seumur hidup', oneYear: '1 tahun', twoYears: '2 tahun', threeYears: '3 tahun' },
    personal: '{plan} ({product})',
    business: 'Paket bisnis, {plan}, kursi: {seats}',
    team: 'Paket tim, {plan}, kursi: {seats}',
    companySeats: 'Kursi tambahan untuk perusahaan: {seats}',
    companyTime: '{term} tambahan untuk perusahaan, kursi: {seats}',
    aiPoints: '{points} poin AI',
    aiUnlimited: 'Penggunaan AI tanpa batas selama {days} hari',
    templateCredit: 'Kredit templat senilai {amount}',
  },
};

const termOfSubtype: Record<1 | 2 | 3, BusinessTerm> = { 1: 'oneYear', 2: 'twoYears', 3: 'threeYears' };

/** A business item's term: its subtype's years, lifelong without one. */
const businessTerm = (item: CheckoutItem): BusinessTerm =>
  item.kind === 'business' && item.subtype !== null ? termOfSubtype[item.subtype] : 'lifetime';

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark);
}

/**
 * What a checkout item is called in a language: a personal plan with its product, a business
 * term with its seats (a team's, more for a company, or a term for every seat of it), a top-up by
 * what it brings; numbers and money as the language writes them.
 */
export function itemName(
  item: CheckoutItem,
  bought: { product: PersonalPlanProduct | null; quantity: number; target?: ItemTarget | null },
  language: Language,
): string {
  const words = texts[language];
  const tag = languageTags[language];
  const number = (value: number) => new Intl.NumberFormat(tag).format(value);
  const seats = number(bought.quantity);
  switch (bought.target ?? null) {
    case 'team':
      return fill(words.team, { plan: words.terms[businessTerm(item)], seats });
    case 'company_seats':
      return fill(words.companySeats, { seats });
    case 'company_time':
      // A term is always some years: a company's time is not bought for ever.
      return fill(words.companyTime, {
        term: words.terms[item.kind === 'business' && item.subtype ? termOfSubtype[item.subtype] : 'oneYear'],
        seats,
      });
    case null:
      break;
  }
  switch (item.kind) {
    case 'personal':
      return fill(words.personal, {
        plan: words.plans[item.plan.key],
        product: words.products[bought.product ?? 'max'],
      });
    case 'business':
      return fill(words.business, { plan: words.terms[businessTerm(item)], seats });
    case 'ai_points':
      return fill(words.aiPoints, { points: number(item.points) });
    case 'ai_unlimited':
      return fill(words.aiUnlimited, { days: number(item.days) });
    case 'template_credit':
      return fill(words.templateCredit, {
        amount: new Intl.NumberFormat(tag, { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 }).format(
          item.creditFen / 100,
        ),
      });
  }
}

/** The personal plan product an order of a personal plan was recorded under (`max`, `mindmaster`). */
function personalProductOf(product: OrderProductCode): PersonalPlanProduct | null {
  const found = (Object.keys(personalPlanOrderProduct) as PersonalPlanProduct[]).find(
    (key) => personalPlanOrderProduct[key] === product,
  );
  return found ?? null;
}

/** The facts of an order its name is written from. */
export interface NamedOrder {
  /** The catalogue item it was bought as at the checkout; null for an order recorded otherwise. */
  item: string | null;
  item_target: ItemTarget | null;
  product: OrderProductCode;
  quantity: number;
  /** The sentence it was recorded with. */
  product_name: string;
}

/**
 * An order's name in a language: written out from the catalogue item it was bought as, else
 * (a store's order, an operator's, one recorded before orders kept their item) the sentence it
 * was recorded with.
 */
export function orderName(order: NamedOrder, language: Language): string {
  const item = order.item === null ? undefined : checkoutItemByKey(order.item);
  if (!item) return order.product_name;
  return itemName(
    item,
    { product: personalProductOf(order.product), quantity: order.quantity, target: order.item_target },
    language,
  );
}
