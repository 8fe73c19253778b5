import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Language, languageNames, languageTags, languages, resolveLanguage, useLanguage } from '../lib/i18n';
import { LanguageButton } from './LanguageButton';

export interface LanguagePickerProps {
  /** Only the globe icon, for narrow headers; the name of the language is then in the label. */
  compact?: boolean;
  /** Opens the list at once: the button was used before this component's code had loaded. */
  defaultOpened?: boolean;
}

/**
 * Lists the 12 languages, each by its own name and marked with its language tag so screen
 * readers pronounce it correctly, and switches the app to the one chosen.
 */
export function LanguagePicker({ compact = false, defaultOpened = false }: LanguagePickerProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useLanguage();

  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton compact={compact} />
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
