import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  isLanguage,
  languages,
  languageTags,
  resolveLanguage,
} from './language.js';

const specLanguages = ['zh', 'en', 'de', 'fr', 'es', 'jp', 'tw', 'it', 'pt', 'kr', 'id', 'ru'];

describe('languages', () => {
  it('offers exactly the 12 languages of the spec', () => {
    expect([...languages].sort()).toEqual([...specLanguages].sort());
  });

  it('defaults to zh and falls back to en', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh');
    expect(FALLBACK_LANGUAGE).toBe('en');
  });

  it('has a BCP 47 tag for every language', () => {
    for (const code of languages) expect(languageTags[code]).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
    expect(languageTags.jp).toBe('ja');
    expect(languageTags.kr).toBe('ko');
    expect(languageTags.tw).toBe('zh-TW');
  });
});

describe('resolveLanguage', () => {
  it.each(specLanguages)('keeps the offered code %s', (code) => {
    expect(resolveLanguage(code)).toBe(code);
    expect(resolveLanguage(code, 'en')).toBe(code);
    expect(isLanguage(code)).toBe(true);
  });

  it('maps cn to zh and ko to kr', () => {
    expect(resolveLanguage('cn')).toBe('zh');
    expect(resolveLanguage('ko')).toBe('kr');
    expect(resolveLanguage('cn', 'en')).toBe('zh');
    expect(resolveLanguage('ko', 'en')).toBe('kr');
  });

  it('ignores letter case and surrounding white space', () => {
    expect(resolveLanguage('EN')).toBe('en');
    expect(resolveLanguage(' Jp ')).toBe('jp');
    expect(resolveLanguage('CN')).toBe('zh');
  });

  it('falls back to the build default zh for anything else', () => {
    for (const value of ['ja', 'zh-CN', 'en-US', 'xx', 'english', '']) {
      expect(resolveLanguage(value)).toBe('zh');
    }
    expect(resolveLanguage(null)).toBe('zh');
    expect(resolveLanguage(undefined)).toBe('zh');
  });

  it('falls back to a build default of en when the build says so', () => {
    expect(resolveLanguage('xx', 'en')).toBe('en');
    expect(resolveLanguage('', 'en')).toBe('en');
    expect(resolveLanguage(null, 'en')).toBe('en');
  });

  it('does not treat spellings that are not codes as codes', () => {
    expect(isLanguage('cn')).toBe(false);
    expect(isLanguage('ko')).toBe(false);
    expect(isLanguage('ZH')).toBe(false);
  });
});
