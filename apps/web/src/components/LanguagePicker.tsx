import { ActionIcon, Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Language, languageNames, languageTags, languages, resolveLanguage, useLanguage } from '../lib/i18n';

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

export interface LanguagePickerProps {
  /** Only the globe icon, for narrow headers; the name of the language is then in the label. */
  compact?: boolean;
}

/**
 * Lists the 12 languages, each by its own name and marked with its language tag so screen
 * readers pronounce it correctly, and switches the app to the one chosen.
 */
export function LanguagePicker({ compact = false }: LanguagePickerProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();
  const label = t('common:language.current', { name: languageNames[language] });

  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <GlobeIcon />
          </ActionIcon>
        ) : (
          <Button variant="subtle" color="gray" px="xs" leftSection={<GlobeIcon />} aria-label={label}>
            <span lang={languageTags[language]}>{languageNames[language]}</span>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common:language.label')}</Menu.Label>
        <Menu.RadioGroup value={language} onChange={(value) => setLanguage(resolveLanguage(value, language))}>
          {languages.map((code: Language) => (
            <Menu.RadioItem key={code} value={code} lang={languageTags[code]} closeMenuOnClick>
              {languageNames[code]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
