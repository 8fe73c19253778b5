import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@account-centre/contract';
import { dayjsLocaleName } from './dayjs-locale';

/**
 * Gives Mantine's date components the dayjs locale of the language shown, so month and day
 * names in pickers follow a language switch. Place it inside MantineProvider.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  return <DatesProvider settings={{ locale: dayjsLocaleName(language) }}>{children}</DatesProvider>;
}
