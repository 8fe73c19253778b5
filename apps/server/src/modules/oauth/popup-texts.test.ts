import { languages } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { popupLanguage, popupTexts } from './popup-texts.js';

describe('the popup page language', () => {
  it('follows the browser’s preferred language, by weight', () => {
    expect(popupLanguage('de-DE,de;q=0.9,en;q=0.8', 'overseas')).toBe('de');
    expect(popupLanguage('en;q=0.5, ja;q=0.9', 'domestic')).toBe('jp');
    expect(popupLanguage('ko-KR', 'domestic')).toBe('kr');
    expect(popupLanguage('pt-BR,pt;q=0.9', 'overseas')).toBe('pt');
  });

  it('tells simplified from traditional Chinese', () => {
    expect(popupLanguage('zh-CN,zh;q=0.9', 'overseas')).toBe('zh');
    expect(popupLanguage('zh-TW', 'domestic')).toBe('tw');
    expect(popupLanguage('zh-Hant-HK', 'domestic')).toBe('tw');
  });

  it('skips languages we do not offer, and falls back to the build’s language', () => {
    expect(popupLanguage('nl-NL,nl;q=0.9,fr;q=0.5', 'domestic')).toBe('fr');
    expect(popupLanguage('nl', 'domestic')).toBe('zh');
    expect(popupLanguage(undefined, 'overseas')).toBe('en');
    expect(popupLanguage('de;q=0', 'overseas')).toBe('en');
  });

  it('has its two texts, each its own, in every language', () => {
    for (const language of languages) {
      expect(popupTexts[language].done.length).toBeGreaterThan(0);
      expect(popupTexts[language].failed).not.toBe(popupTexts[language].done);
      if (language !== 'en') expect(popupTexts[language].done).not.toBe(popupTexts.en.done);
    }
  });
});
