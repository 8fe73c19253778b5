import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../router';
import { type Language, resolveLanguage } from '@account-centre/contract';
import { changeLanguage } from './i18n';

/**
 * The language the app shows and a setter that switches it: texts, `<html lang>`, date names
 * and the `lang` query parameter (so a reload or a shared link keeps the language, spec 01 §2).
 * Must be used inside the router.
 */
export function useLanguage(): [Language, (language: Language) => void] {
  // useTranslation re-renders the caller when the language changes.
  const { i18n } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  const setLanguage = useCallback(
    (next: Language) => {
      void changeLanguage(next).then(() =>
        // replace: switching language is not a step the Back button should undo.
        setSearchParams(
          (params) => {
            params.set('lang', next);
            return params;
          },
          { replace: true },
        ),
      );
    },
    [setSearchParams],
  );

  return [language, setLanguage];
}
