/**
 * AI points (spec 01 §2 "AI points screen", §3 "AI points", "AI feature codes", "AI point source
 * types"; §9): a balance of points the diagram and mind-map products spend on AI features, held
 * as grants that may expire, and a record of every use.
 */

/** The mind-map tool's AI features: codes 1 to 29, named as the spec's feature types. */
export const mindMapAiFeatures = [
  'AI_PAINTING',
  'AI_MIND_MAP',
  'AI_PPT',
  'FILE_INTELLIGENT_PARSING',
  'AI_AUDIO_EXPORT',
  'AI_VIDEO_EXPORT',
  'AI_OUTLINE_NOTES',
  'AI_OCR',
  'AI_MINDMAP',
  'AI_GENERATE_SUBTOPICS',
  'AI_QUESTION_GENERATION',
  'AI_IDEA_GENERATION',
  'AI_TEXT_REFINEMENT',
  'AI_LENGTH_ADJUSTMENT',
  'AI_TONE_ADJUSTMENT',
  'AI_TRANSLATION',
  'AI_SPELL_CHECK',
  'AI_SMART_COMMENTS',
  'AI_TOPIC_QUESTIONING',
  'AI_BRAINSTORMING',
  'AI_SWOT_ANALYSIS',
  'AI_ARTICLE_GENERATION',
  'AI_WEEKLY_REPORT_GENERATION',
  'AI_COMPLIMENT_ASSISTANT',
  'AI_CONCISE_COPY',
  'AI_IMAGE',
  'AI_BATCH_TRANSLATION',
  'AI_CHAT',
  'AI_COMBINED',
] as const;

/**
 * The diagram tool's AI features: codes 1001 to 1116, in code order. The spec names only their
 * families (§3); these names are ours, grouped as the spec groups them.
 */
export const diagramAiFeatures = [
  // 1001–1006: Analysis of a diagram, chart, text or image.
  'MAX_GANTT_ANALYSIS',
  'MAX_ORG_CHART_ANALYSIS',
  'MAX_FLOWCHART_ANALYSIS',
  'MAX_CHART_ANALYSIS',
  'MAX_TEXT_ANALYSIS',
  'MAX_IMAGE_ANALYSIS',
  // 1007–1010: Text tools.
  'MAX_SUMMARY',
  'MAX_TRANSLATION',
  'MAX_BULLET_POINTS',
  'MAX_CONTINUATION',
  // 1011–1020: Diagrams generated from a description.
  'MAX_GENERATE_FLOWCHART',
  'MAX_GENERATE_MIND_MAP',
  'MAX_GENERATE_TABLE',
  'MAX_GENERATE_LIST',
  'MAX_GENERATE_TIMELINE',
  'MAX_GENERATE_SWOT',
  'MAX_GENERATE_LEAN_CANVAS',
  'MAX_GENERATE_PEST',
  'MAX_GENERATE_USER_PERSONA',
  'MAX_GENERATE_USER_STORY',
  // 1021–1044: Charts.
  'MAX_BAR_CHART',
  'MAX_COLUMN_CHART',
  'MAX_STACKED_BAR_CHART',
  'MAX_LINE_CHART',
  'MAX_AREA_CHART',
  'MAX_PIE_CHART',
  'MAX_DOUGHNUT_CHART',
  'MAX_ROSE_CHART',
  'MAX_SCATTER_CHART',
  'MAX_BUBBLE_CHART',
  'MAX_RADAR_CHART',
  'MAX_FUNNEL_CHART',
  'MAX_GAUGE_CHART',
  'MAX_HEAT_MAP',
  'MAX_TREEMAP',
  'MAX_SUNBURST_CHART',
  'MAX_WATERFALL_CHART',
  'MAX_HISTOGRAM',
  'MAX_BOX_PLOT',
  'MAX_SANKEY_DIAGRAM',
  'MAX_WORD_CLOUD',
  'MAX_COMBO_CHART',
  'MAX_PROGRESS_CHART',
  'MAX_MAP_CHART',
  // 1045–1062: Posters, pages and diagrams as SVG or HTML.
  'MAX_POSTER_SVG',
  'MAX_POSTER_HTML',
  'MAX_INFOGRAPHIC_SVG',
  'MAX_INFOGRAPHIC_HTML',
  'MAX_SLIDE_PAGE_SVG',
  'MAX_SLIDE_PAGE_HTML',
  'MAX_CARD_SVG',
  'MAX_CARD_HTML',
  'MAX_ARCHITECTURE_SVG',
  'MAX_ARCHITECTURE_HTML',
  'MAX_ROADMAP_SVG',
  'MAX_ROADMAP_HTML',
  'MAX_GANTT_SVG',
  'MAX_GANTT_HTML',
  'MAX_SWIMLANE_SVG',
  'MAX_SWIMLANE_HTML',
  'MAX_VENN_SVG',
  'MAX_VENN_HTML',
  // 1063–1073: Images, custom diagrams, polishing, illustration, matching and recommendations.
  'MAX_IMAGE_TO_IMAGE',
  'MAX_CUSTOM_DIAGRAM',
  'MAX_POLISH',
  'MAX_POLISH_FORMAL',
  'MAX_POLISH_CONCISE',
  'MAX_POLISH_EXPAND',
  'MAX_POLISH_FRIENDLY',
  'MAX_POLISH_PROFESSIONAL',
  'MAX_SCIENTIFIC_ILLUSTRATION',
  'MAX_SMART_MATCH',
  'MAX_RECOMMENDATIONS',
  // 1074–1101: More diagrams generated from a description.
  'MAX_GENERATE_FISHBONE',
  'MAX_GENERATE_CONCEPT_MAP',
  'MAX_GENERATE_TREE_DIAGRAM',
  'MAX_GENERATE_NETWORK_DIAGRAM',
  'MAX_GENERATE_UML_CLASS',
  'MAX_GENERATE_UML_SEQUENCE',
  'MAX_GENERATE_UML_ACTIVITY',
  'MAX_GENERATE_USE_CASE',
  'MAX_GENERATE_STATE_DIAGRAM',
  'MAX_GENERATE_ER_DIAGRAM',
  'MAX_GENERATE_BPMN',
  'MAX_GENERATE_DATA_FLOW',
  'MAX_GENERATE_ORG_CHART',
  'MAX_GENERATE_GANTT',
  'MAX_GENERATE_BUSINESS_MODEL_CANVAS',
  'MAX_GENERATE_EMPATHY_MAP',
  'MAX_GENERATE_CUSTOMER_JOURNEY',
  'MAX_GENERATE_VALUE_CHAIN',
  'MAX_GENERATE_FIVE_FORCES',
  'MAX_GENERATE_PRIORITY_MATRIX',
  'MAX_GENERATE_KANBAN',
  'MAX_GENERATE_PYRAMID',
  'MAX_GENERATE_CYCLE',
  'MAX_GENERATE_COMPARISON',
  'MAX_GENERATE_DECISION_TREE',
  'MAX_GENERATE_WIREFRAME',
  'MAX_GENERATE_SITEMAP',
  'MAX_GENERATE_STAKEHOLDER_MAP',
  // 1102–1116: Helpers: explaining, rewriting, chat, drawing, recognition.
  'MAX_EXPLAIN',
  'MAX_REWRITE',
  'MAX_KEYWORDS',
  'MAX_OUTLINE',
  'MAX_TITLES',
  'MAX_QUESTIONS',
  'MAX_CHAT',
  'MAX_DRAWING',
  'MAX_FORMULA',
  'MAX_CODE_TO_DIAGRAM',
  'MAX_ICON',
  'MAX_COLOUR_THEME',
  'MAX_LAYOUT_TIDY',
  'MAX_OCR',
  'MAX_IMAGE_TO_DIAGRAM',
] as const;

export const DIAGRAM_FEATURE_FIRST = 1001;
export const DIAGRAM_FEATURE_LAST = 1116;
/** The code of a usage row that records points leaving because their grant expired. */
export const EXPIRED_POINTS_FEATURE = 2001;

/** What a usage row's feature code is called: its feature's name, or the expiry row's. */
export type AiFeatureName = (typeof mindMapAiFeatures)[number] | (typeof diagramAiFeatures)[number] | 'EXPIRED_POINTS';

/** The name of a usage row's feature code (its translation key), or null for a code no product has. */
export function aiFeatureName(code: number): AiFeatureName | null {
  if (code === EXPIRED_POINTS_FEATURE) return 'EXPIRED_POINTS';
  if (code >= 1 && code <= mindMapAiFeatures.length) return mindMapAiFeatures[code - 1] ?? null;
  return diagramAiFeatures[code - DIAGRAM_FEATURE_FIRST] ?? null;
}

/** The products that spend AI points, as the consumption call names them. */
export const aiPointProducts = ['max', 'mind'] as const;
export type AiPointProduct = (typeof aiPointProducts)[number];

/** A usage row's `product_type` (spec 01 §3): 0 none (shown as a slash), 1 diagram, 2 mind-map. */
export const aiProductTypes = { none: 0, diagram: 1, mindMap: 2 } as const;
export const productTypeOfAiProduct: Record<AiPointProduct, 1 | 2> = { max: 1, mind: 2 };

/** Whether `code` is one of `product`'s features (2001 is the server's own, never a product's). */
export function isAiFeatureOf(product: AiPointProduct, code: number): boolean {
  if (!Number.isInteger(code)) return false;
  return product === 'mind'
    ? code >= 1 && code <= mindMapAiFeatures.length
    : code >= DIAGRAM_FEATURE_FIRST && code <= DIAGRAM_FEATURE_LAST;
}

/**
 * How points were acquired (spec 01 §3 "Acquisition method labels"), each with its source type:
 * -1 other, 1 bought AI group, 2 membership bonus, 3 licence, 4 activity.
 */
export const aiPointMethods = {
  Referral_Bonus: 4,
  'Daily_Check-In_Bonus': 4,
  New_User_Reward: 4,
  Membership_Bonus: 2,
  Buy_AI_Group: 1,
  License: 3,
  Activity: 4,
  other: -1,
} as const;
export type AiPointMethod = keyof typeof aiPointMethods;
export const aiPointMethodNames = Object.keys(aiPointMethods) as AiPointMethod[];
export type AiPointSource = (typeof aiPointMethods)[AiPointMethod];

/** AI usage history page sizes (spec 01 §9), the first the default. */
export const aiUsagePageSizes = [10, 20, 50] as const;

/** The most points one use may take. */
export const AI_POINTS_PER_USE_MAX = 1_000_000;
