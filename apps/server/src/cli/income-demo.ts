import type { IncomeProduct, Language } from '@account-centre/contract';
import type { Config } from '../modules/settings.js';
import type { Db } from '../db/database.js';
import { hasIncomeEntries } from '../modules/income/index.js';
import { recordCashback, recordSale, refundIncome, requestWithdrawal } from '../modules/income/income.service.js';
import { settleWithdrawal } from '../modules/income/payouts.service.js';

const DAY = 86_400;
const noIdempotencyKey = async () => undefined;

/** Templates the demo author sold, one or two a month over the last year, in both products; each title in every language. */
export const DEMO_TEMPLATES: readonly { titles: Record<Language, string>; product: IncomeProduct; gross: number }[] = [
  {
    titles: {
      zh: '敏捷冲刺看板',
      tw: '敏捷衝刺看板',
      en: 'Agile sprint board',
      de: 'Agiles Sprint-Board',
      fr: 'Tableau de sprint agile',
      es: 'Tablero de sprint ágil',
      it: 'Bacheca dello sprint agile',
      pt: 'Quadro de sprint ágil',
      ru: 'Доска спринта Agile',
      jp: 'アジャイルスプリントボード',
      kr: '애자일 스프린트 보드',
      id: 'Papan sprint agile',
    },
    product: 'em',
    gross: 1_990,
  },
  {
    titles: {
      zh: '书籍摘要思维导图',
      tw: '書籍摘要心智圖',
      en: 'Book summary mind map',
      de: 'Mindmap zur Buchzusammenfassung',
      fr: 'Carte mentale de résumé de livre',
      es: 'Mapa mental de resumen de libro',
      it: 'Mappa mentale per riassumere un libro',
      pt: 'Mapa mental de resumo de livro',
      ru: 'Интеллект-карта для конспекта книги',
      jp: '読書要約マインドマップ',
      kr: '책 요약 마인드맵',
      id: 'Peta pikiran ringkasan buku',
    },
    product: 'mm',
    gross: 990,
  },
  {
    titles: {
      zh: '云架构（AWS）图集',
      tw: '雲端架構（AWS）圖集',
      en: 'Cloud architecture (AWS) set',
      de: 'Cloud-Architektur-Set (AWS)',
      fr: 'Ensemble d’architecture cloud (AWS)',
      es: 'Conjunto de arquitectura en la nube (AWS)',
      it: 'Set di architettura cloud (AWS)',
      pt: 'Conjunto de arquitetura em nuvem (AWS)',
      ru: 'Набор схем облачной архитектуры (AWS)',
      jp: 'クラウドアーキテクチャ（AWS）セット',
      kr: '클라우드 아키텍처(AWS) 세트',
      id: 'Set arsitektur cloud (AWS)',
    },
    product: 'em',
    gross: 4_900,
  },
  {
    titles: {
      zh: '考试复习导图',
      tw: '考試複習心智圖',
      en: 'Exam revision map',
      de: 'Mindmap zur Prüfungsvorbereitung',
      fr: 'Carte de révisions pour les examens',
      es: 'Mapa de repaso para exámenes',
      it: 'Mappa di ripasso per gli esami',
      pt: 'Mapa de revisão para provas',
      ru: 'Карта для подготовки к экзамену',
      jp: '試験対策マップ',
      kr: '시험 복습 맵',
      id: 'Peta persiapan ujian',
    },
    product: 'mm',
    gross: 1_290,
  },
  {
    titles: {
      zh: '客户旅程图',
      tw: '顧客旅程圖',
      en: 'Customer journey map',
      de: 'Customer-Journey-Map',
      fr: 'Carte du parcours client',
      es: 'Mapa del recorrido del cliente',
      it: 'Mappa del percorso del cliente',
      pt: 'Mapa da jornada do cliente',
      ru: 'Карта пути клиента',
      jp: 'カスタマージャーニーマップ',
      kr: '고객 여정 지도',
      id: 'Peta perjalanan pelanggan',
    },
    product: 'em',
    gross: 2_990,
  },
  {
    titles: {
      zh: '每周复盘思维导图',
      tw: '每週回顧心智圖',
      en: 'Weekly review mind map',
      de: 'Mindmap für den Wochenrückblick',
      fr: 'Carte mentale du bilan de la semaine',
      es: 'Mapa mental de repaso semanal',
      it: 'Mappa mentale per il bilancio settimanale',
      pt: 'Mapa mental de revisão semanal',
      ru: 'Интеллект-карта для итогов недели',
      jp: '週次振り返りマインドマップ',
      kr: '주간 회고 마인드맵',
      id: 'Peta pikiran tinjauan mingguan',
    },
    product: 'mm',
    gross: 590,
  },
  {
    titles: {
      zh: '数据流图套件',
      tw: '資料流程圖套件',
      en: 'Data flow diagram kit',
      de: 'Datenflussdiagramm-Kit',
      fr: 'Kit de diagrammes de flux de données',
      es: 'Kit de diagramas de flujo de datos',
      it: 'Kit di diagrammi di flusso dei dati',
      pt: 'Kit de diagramas de fluxo de dados',
      ru: 'Набор диаграмм потоков данных',
      jp: 'データフロー図キット',
      kr: '데이터 흐름도 키트',
      id: 'Kit diagram alir data',
    },
    product: 'em',
    gross: 3_900,
  },
  {
    titles: {
      zh: '小说情节规划图',
      tw: '小說情節規劃圖',
      en: 'Novel plot planner',
      de: 'Planer für Romanhandlungen',
      fr: 'Planificateur d’intrigue de roman',
      es: 'Planificador de tramas de novela',
      it: 'Pianificatore della trama di un romanzo',
      pt: 'Planejador de enredo de romance',
      ru: 'Планировщик сюжета романа',
      jp: '小説プロットプランナー',
      kr: '소설 플롯 플래너',
      id: 'Perencana alur novel',
    },
    product: 'mm',
    gross: 1_590,
  },
  {
    titles: {
      zh: '办公室平面图合集',
      tw: '辦公室平面圖合集',
      en: 'Office floor plan pack',
      de: 'Büro-Grundrisspaket',
      fr: 'Pack de plans de bureaux',
      es: 'Paquete de planos de oficina',
      it: 'Pacchetto di planimetrie per uffici',
      pt: 'Pacote de plantas de escritório',
      ru: 'Комплект планировок офиса',
      jp: 'オフィス間取り図パック',
      kr: '사무실 평면도 팩',
      id: 'Paket denah kantor',
    },
    product: 'em',
    gross: 6_900,
  },
  {
    titles: {
      zh: '会议纪要模板',
      tw: '會議記錄範本',
      en: 'Meeting notes template',
      de: 'Vorlage für Besprechungsnotizen',
      fr: 'Modèle de compte rendu de réunion',
      es: 'Plantilla de notas de reunión',
      it: 'Modello per appunti di riunione',
      pt: 'Modelo de ata de reunião',
      ru: 'Шаблон протокола встречи',
      jp: '議事録テンプレート',
      kr: '회의록 템플릿',
      id: 'Templat notulen rapat',
    },
    product: 'mm',
    gross: 390,
  },
  {
    titles: {
      zh: 'BPMN 订单流程',
      tw: 'BPMN 訂單流程',
      en: 'BPMN order process',
      de: 'BPMN-Bestellprozess',
      fr: 'Processus de commande BPMN',
      es: 'Proceso de pedido en BPMN',
      it: 'Processo d’ordine BPMN',
      pt: 'Processo de pedido em BPMN',
      ru: 'Процесс заказа в BPMN',
      jp: 'BPMN 受注プロセス',
      kr: 'BPMN 주문 프로세스',
      id: 'Proses pesanan BPMN',
    },
    product: 'em',
    gross: 2_490,
  },
  {
    titles: {
      zh: '职业规划思维导图',
      tw: '職涯規劃心智圖',
      en: 'Career plan mind map',
      de: 'Mindmap zur Karriereplanung',
      fr: 'Carte mentale de plan de carrière',
      es: 'Mapa mental de plan de carrera',
      it: 'Mappa mentale per il piano di carriera',
      pt: 'Mapa mental de plano de carreira',
      ru: 'Интеллект-карта карьерного плана',
      jp: 'キャリアプランマインドマップ',
      kr: '커리어 계획 마인드맵',
      id: 'Peta pikiran rencana karier',
    },
    product: 'mm',
    gross: 1_990,
  },
];

/** The title of a friend's order's cashback, in every language. */
export const DEMO_CASHBACK_TITLES: Record<Language, string> = {
  zh: '你邀请的好友购买了套餐',
  tw: '你邀請的好友購買了方案',
  en: 'A friend you invited bought a plan',
  de: 'Ein von Ihnen eingeladener Freund hat einen Tarif gekauft',
  fr: 'Un ami que vous avez invité a souscrit une offre',
  es: 'Un amigo al que invitaste compró un plan',
  it: 'Un amico che hai invitato ha acquistato un piano',
  pt: 'Um amigo que você convidou comprou um plano',
  ru: 'Приглашённый вами друг купил тариф',
  jp: '招待した友達がプランを購入しました',
  kr: '초대한 친구가 요금제를 구매했습니다',
  id: 'Teman yang Anda undang membeli paket',
};

/**
 * The demo account as a template author (issue 14), so both tabs of the income screen show:
 * sales of both products across the last year (one refunded), a friend's order's cashback that
 * unlocked and one still locked, and a withdrawal paid last quarter. Once: an account with
 * income is left alone.
 */
export async function seedIncomeDemo(
  db: Db,
  config: Pick<Config, 'secretKey' | 'payoutCalendar'>,
  userId: number,
  now: number,
): Promise<void> {
  if (await hasIncomeEntries(db, userId)) return;
  const sold = (i: number) => `demo-sale-${userId}-${i}`;
  // Two sales a month, the oldest about a year ago.
  for (let i = 0; i < 24; i++) {
    const template = DEMO_TEMPLATES[i % DEMO_TEMPLATES.length]!;
    const at = now - (355 - i * 15) * DAY;
    await recordSale(
      db,
      {
        userId,
        product: template.product,
        sourceId: sold(i),
        title: template.titles.en,
        titleTranslations: template.titles,
        gross: template.gross * (1 + (i % 3)),
      },
      at,
      noIdempotencyKey,
    );
  }
  await refundIncome(db, { userId, of: 'sale', sourceId: sold(20) }, now - 40 * DAY, noIdempotencyKey);
  const friend = {
    userId,
    product: 'em' as const,
    title: DEMO_CASHBACK_TITLES.en,
    titleTranslations: DEMO_CASHBACK_TITLES,
  };
  await recordCashback(
    db,
    { ...friend, sourceId: `demo-cashback-${userId}-1`, amount: 2_800, orderedAt: now - 60 * DAY },
    now - 60 * DAY,
    noIdempotencyKey,
  );
  await recordCashback(
    db,
    { ...friend, product: 'mm', sourceId: `demo-cashback-${userId}-2`, amount: 1_960, orderedAt: now - 2 * DAY },
    now - 2 * DAY,
    noIdempotencyKey,
  );
  const asked = now - 100 * DAY;
  const paid = await requestWithdrawal(
    db,
    {
      userId,
      form: {
        zfb: 'demo@example.com',
        identity_card: '11010519491231002X',
        name: '演示作者',
        mobile: '13800138000',
        amount: 100,
      },
      secretKey: config.secretKey,
      calendar: config.payoutCalendar,
    },
    asked,
    noIdempotencyKey,
  );
  await settleWithdrawal(db, paid.id, { paid: { reference: `DEMO-ALIPAY-${paid.id}` } }, asked + 30 * DAY);
}
