import { languages } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { popupTexts } from './popup-texts.js';

describe('the popup page texts', () => {
  it('has its two texts, each its own, in every language', () => {
    for (const language of languages) {
      expect(popupTexts[language].done.length).toBeGreaterThan(0);
      expect(popupTexts[language].failed).not.toBe(popupTexts[language].done);
      if (language !== 'en') expect(popupTexts[language].done).not.toBe(popupTexts.en.done);
    }
  });
});
