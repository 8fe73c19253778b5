import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenName } from '../screens/screens';

/** The tab's title names the screen and the product, in the language shown. */
export function useDocumentTitle(screen: ScreenName | null): void {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    const product = t('shell:appName');
    document.title = screen ? t('shell:documentTitle', { screen: t(`shell:screens.${screen}`), product }) : product;
  }, [screen, t, language]);
}
