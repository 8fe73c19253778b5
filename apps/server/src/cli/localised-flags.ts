import { languages } from '@account-centre/contract';
import type { Translations } from '../lib/localised-text.js';
import type { CliFlags } from './cli.js';

/**
 * A localised option as given (docs/decisions/058): `--name …` as `text` (shown where no language
 * of the others matches; may be left out when languages are given) and `--name-<language> …`
 * for each language, e.g. `--name 'Flowchart basics' --name-zh 流程图入门 --name-de 'Flussdiagramme'`.
 */
export function localisedFlag(flags: CliFlags, name: string): { text?: string; translations: Translations } {
  const translations: Translations = {};
  for (const language of languages) {
    const value = flags[`${name}-${language}`];
    if (value !== undefined) translations[language] = value;
  }
  const text = flags[name];
  return text === undefined ? { translations } : { text, translations };
}
