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

/** The diagram tool's AI features: codes 1001 to 1116. */
export const DIAGRAM_FEATURE_FIRST = 1001;
export const DIAGRAM_FEATURE_LAST = 1116;
/** The code of a usage row that records points leaving because their grant expired. */
export const EXPIRED_POINTS_FEATURE = 2001;

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

/**
 * Template credit (spec 01 §2 "Template credit screen"): kept in fen and shown in yuan. A
 * personal plan's "template coupons" (§9: 10, 20 or 30) are credit of this much each.
 */
export const TEMPLATE_COUPON_FEN = 100;
