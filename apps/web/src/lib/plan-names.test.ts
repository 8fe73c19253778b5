import { describe, expect, it } from 'vitest';
import { type Language, languages } from '@account-centre/contract';
import { i18n, initI18n } from './i18n/i18n';
import { licenceName, orderName } from './plan-names';

async function tIn(language: Language) {
  await initI18n(language);
  return i18n.getFixedT(language);
}

describe('product and plan names in the reader’s language', () => {
  it('names orders from their product and type, never from the stored text', async () => {
    const en = await tIn('en');
    expect(orderName(en, { product: 'mindmaster', type: 3, region: 'overseas', version: null })).toBe(
      'Mind map · 2-year plan',
    );
    expect(orderName(en, { product: 'mindmaster', type: 3, region: 'domestic', version: null })).toBe(
      'Mind map · 3-year plan',
    );
    expect(orderName(en, { product: 'max', type: 220, region: 'domestic', version: null })).toBe(
      'Diagram · Annual plan, renews yearly',
    );
    expect(orderName(en, { product: 'mindmaster', type: 14, region: 'domestic', version: null })).toBe(
      'Mind map · Lifetime plan',
    );
    // No plan the facts can tell: the product alone.
    expect(orderName(en, { product: 'cloudspace', type: 1, region: 'domestic', version: null })).toBe('Cloud storage');
    expect(orderName(en, { product: 'max', type: 999, region: 'domestic', version: null })).toBe('Diagram');
    // A perpetual version is named so, whatever its type would say as a dated plan.
    expect(orderName(en, { product: 'project', type: 2, region: 'domestic', version: '3' })).toBe(
      'Project management · Perpetual licence',
    );

    const zh = await tIn('zh');
    expect(orderName(zh, { product: 'mindmaster', type: 217, region: 'domestic', version: null })).toBe(
      '思维导图 半年连续包',
    );
    const de = await tIn('de');
    expect(orderName(de, { product: 'cloudspace', type: 1, region: 'domestic', version: null })).toBe('Cloud-Speicher');
    expect(orderName(de, { product: 'mindmaster', type: 217, region: 'domestic', version: null })).toBe(
      'Mindmap · Halbjahresabo, verlängert sich halbjährlich',
    );
  });

  it('names licence cards: perpetual versions, catalogue plans, team plans', async () => {
    const en = await tIn('en');
    const card = { product: 'proj', orderType: 2, version: '3', scope: 'personal' } as const;
    expect(licenceName(en, card, 'domestic')).toBe('Project management · Perpetual licence');
    expect(licenceName(en, { ...card, product: 'max', orderType: 216, version: null }, 'overseas')).toBe(
      'Diagram · 2-year plan',
    );
    expect(licenceName(en, { ...card, product: 'hb', orderType: null, version: null, scope: 'team' }, 'domestic')).toBe(
      'Whiteboard · Team plan',
    );
    expect(licenceName(en, { ...card, product: 'math', orderType: 1, version: null }, 'overseas')).toBe(
      'Formula editor',
    );
  });

  it('has every product and plan name in all 12 languages', async () => {
    for (const language of languages) {
      const t = await tIn(language);
      const name = orderName(t, { product: 'max', type: 209, region: 'domestic', version: null });
      expect(name, language).not.toMatch(/order:|products\.|plans\./);
      if (language !== 'en') expect(name, language).not.toBe('Diagram · 1-year plan');
    }
  });
});
