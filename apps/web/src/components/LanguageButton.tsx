import { ActionIcon, Button } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames, languageTags, useLanguage } from '../lib/i18n';

function GlobeIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}

export interface LanguageButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'color'> {
  /** Only the globe icon, for narrow headers; the name of the language is then in the label. */
  compact?: boolean;
}

/**
 * The button that opens the language list, showing the current language. Its own module so a
 * page can show it before the list's menu code has loaded (the header does).
 */
export function LanguageButton({ compact = false, ...props }: LanguageButtonProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const label = t('common:language.current', { name: languageNames[language] });
  return compact ? (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} {...props}>
      <GlobeIcon />
    </ActionIcon>
  ) : (
    <Button variant="subtle" color="gray" px="xs" leftSection={<GlobeIcon />} aria-label={label} {...props}>
      <span lang={languageTags[language]}>{languageNames[language]}</span>
    </Button>
  );
}
