import type { CourseProduct, CourseSaleWay, Language } from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { giveBenefitAlone } from '../modules/benefits/index.js';
import { defineCourse } from '../modules/courses/courses.service.js';
import { findOrderByNo } from '../modules/orders/index.js';
import { recordOrder } from '../modules/orders/orders.service.js';

const ACADEMY = 'https://academy.example.com/courses';

/** The academy's demo catalogue: each way of sale, both products; each name in every language. */
export const DEMO_COURSES: readonly {
  id: string;
  names: Record<Language, string>;
  product: CourseProduct;
  saleWay: CourseSaleWay;
  price: number;
}[] = [
  {
    id: 'mind-first-steps',
    names: {
      zh: '思维导图入门',
      tw: '心智圖入門',
      en: 'Mind maps: first steps',
      de: 'Mindmaps: die ersten Schritte',
      fr: 'Cartes mentales : premiers pas',
      es: 'Mapas mentales: primeros pasos',
      it: 'Mappe mentali: primi passi',
      pt: 'Mapas mentais: primeiros passos',
      ru: 'Интеллект-карты: первые шаги',
      jp: 'マインドマップ入門',
      kr: '마인드맵 첫걸음',
      id: 'Peta pikiran: langkah pertama',
    },
    product: 'mind',
    saleWay: 1,
    price: 0,
  },
  {
    id: 'flowchart-basics',
    names: {
      zh: '流程图基础',
      tw: '流程圖基礎',
      en: 'Flowchart basics',
      de: 'Flussdiagramme: die Grundlagen',
      fr: 'Logigrammes : les bases',
      es: 'Diagramas de flujo: lo básico',
      it: 'Diagrammi di flusso: le basi',
      pt: 'Fluxogramas: o básico',
      ru: 'Основы блок-схем',
      jp: 'フローチャートの基本',
      kr: '순서도 기초',
      id: 'Dasar-dasar diagram alir',
    },
    product: 'max',
    saleWay: 1,
    price: 0,
  },
  {
    id: 'uml-week',
    names: {
      zh: '一周学会 UML',
      tw: '一週學會 UML',
      en: 'UML in a week',
      de: 'UML in einer Woche',
      fr: 'UML en une semaine',
      es: 'UML en una semana',
      it: 'UML in una settimana',
      pt: 'UML em uma semana',
      ru: 'UML за неделю',
      jp: '1 週間で学ぶ UML',
      kr: '일주일 만에 배우는 UML',
      id: 'UML dalam seminggu',
    },
    product: 'max',
    saleWay: 2,
    price: 0,
  },
  {
    id: 'mind-study-notes',
    names: {
      zh: '用思维导图做学习笔记',
      tw: '用心智圖做學習筆記',
      en: 'Study notes with mind maps',
      de: 'Lernnotizen mit Mindmaps',
      fr: 'Prendre ses notes de cours en cartes mentales',
      es: 'Apuntes de estudio con mapas mentales',
      it: 'Appunti di studio con le mappe mentali',
      pt: 'Anotações de estudo com mapas mentais',
      ru: 'Учебные конспекты в интеллект-картах',
      jp: 'マインドマップで作る学習ノート',
      kr: '마인드맵으로 만드는 공부 노트',
      id: 'Catatan belajar dengan peta pikiran',
    },
    product: 'mind',
    saleWay: 3,
    price: 0,
  },
  {
    id: 'org-chart-teams',
    names: {
      zh: '成长型团队的组织架构图',
      tw: '成長型團隊的組織圖',
      en: 'Org charts for growing teams',
      de: 'Organigramme für wachsende Teams',
      fr: 'Des organigrammes pour les équipes qui grandissent',
      es: 'Organigramas para equipos en crecimiento',
      it: 'Organigrammi per team in crescita',
      pt: 'Organogramas para equipes em crescimento',
      ru: 'Оргструктура для растущих команд',
      jp: '成長するチームのための組織図',
      kr: '성장하는 팀을 위한 조직도',
      id: 'Bagan organisasi untuk tim yang berkembang',
    },
    product: 'max',
    saleWay: 3,
    price: 0,
  },
  {
    id: 'infographic-design',
    names: {
      zh: '信息图设计',
      tw: '資訊圖表設計',
      en: 'Designing infographics',
      de: 'Infografiken gestalten',
      fr: 'Concevoir des infographies',
      es: 'Diseño de infografías',
      it: 'Progettare infografiche',
      pt: 'Criação de infográficos',
      ru: 'Дизайн инфографики',
      jp: 'インフォグラフィックのデザイン',
      kr: '인포그래픽 디자인',
      id: 'Mendesain infografis',
    },
    product: 'max',
    saleWay: 4,
    price: 9_900,
  },
  {
    id: 'mind-project-planning',
    names: {
      zh: '用思维导图规划项目',
      tw: '用心智圖規劃專案',
      en: 'Planning projects with mind maps',
      de: 'Projekte mit Mindmaps planen',
      fr: 'Planifier ses projets avec les cartes mentales',
      es: 'Planificar proyectos con mapas mentales',
      it: 'Pianificare progetti con le mappe mentali',
      pt: 'Planejar projetos com mapas mentais',
      ru: 'Планирование проектов с интеллект-картами',
      jp: 'マインドマップでプロジェクトを計画する',
      kr: '마인드맵으로 프로젝트 계획하기',
      id: 'Merencanakan proyek dengan peta pikiran',
    },
    product: 'mind',
    saleWay: 4,
    price: 12_800,
  },
];

/**
 * The academy's courses, and two held by the demo account — a paid one it bought (a course order,
 * so it is in the order history too) and a members' one it can watch while its licences run — so
 * both sections of the courses screen show.
 */
export async function seedCoursesDemo(db: Db, userId: number, now: number): Promise<void> {
  for (const { id, names, product, saleWay, price } of DEMO_COURSES) {
    // Stored as an operator's course given in every language (docs/decisions/058).
    await defineCourse(db, { id, nameTranslations: names, product, saleWay, price, link: `${ACADEMY}/${id}` }, now);
  }
  // Each part of the demo is idempotent: the course order has a number of its own, made once.
  const orderNo = `DEMO-LESSON-${userId}`;
  if (await findOrderByNo(db, orderNo)) return;
  await recordOrder(
    db,
    {
      orderNo,
      userId,
      tellBuyer: false,
      product: 'maxlessonRecord',
      type: 1,
      productName: 'Designing infographics',
      amount: 9_900,
      channel: 'online',
      orderedAt: now - 20 * 86_400,
      course: 'infographic-design',
    },
    now - 20 * 86_400,
  );
  // Given as an operator gives a course (`course:grant`): the same source, so once per person.
  const course = 'mind-study-notes';
  await giveBenefitAlone(
    db,
    userId,
    { kind: 'course', course },
    { kind: 'operator', id: `course:${course}:${userId}`, reason: 'demo: a members’ course' },
    now - 3 * 86_400,
  );
}
