import { describe, expect, it } from 'vitest';
import {
  aiFeatureName,
  DIAGRAM_FEATURE_FIRST,
  DIAGRAM_FEATURE_LAST,
  diagramAiFeatures,
  EXPIRED_POINTS_FEATURE,
  isAiFeatureOf,
  mindMapAiFeatures,
} from './ai-points.js';

describe('AI feature codes (spec 01 §3)', () => {
  it('name every code a product may spend on, and the expiry row', () => {
    expect(mindMapAiFeatures).toHaveLength(29);
    expect(diagramAiFeatures).toHaveLength(DIAGRAM_FEATURE_LAST - DIAGRAM_FEATURE_FIRST + 1);
    const names = new Set([...mindMapAiFeatures, ...diagramAiFeatures]);
    expect(names.size).toBe(29 + 116);
    for (let code = 1; code <= 29; code++) expect(aiFeatureName(code)).toBe(mindMapAiFeatures[code - 1]);
    for (let code = DIAGRAM_FEATURE_FIRST; code <= DIAGRAM_FEATURE_LAST; code++) {
      expect(aiFeatureName(code)).toMatch(/^MAX_/);
    }
    expect(aiFeatureName(1)).toBe('AI_PAINTING');
    expect(aiFeatureName(1116)).toBe(diagramAiFeatures.at(-1));
    expect(aiFeatureName(EXPIRED_POINTS_FEATURE)).toBe('EXPIRED_POINTS');
  });

  it('name nothing outside the products’ ranges', () => {
    for (const code of [0, -1, 30, 1000, 1117, 2000, 2002, 1.5]) expect(aiFeatureName(code)).toBeNull();
  });

  it('agree with what each product may spend on', () => {
    for (let code = 1; code <= 2100; code++) {
      const name = aiFeatureName(code);
      const spendable = isAiFeatureOf('mind', code) || isAiFeatureOf('max', code);
      expect(spendable).toBe(name !== null && name !== 'EXPIRED_POINTS');
    }
  });
});
