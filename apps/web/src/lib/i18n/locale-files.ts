import type { ResourceKey } from 'i18next';

/**
 * Every namespace file of every language, as a lazy import: Vite turns each file into its own
 * chunk (named by vite.config.ts), so a visitor downloads the files of their language only, and
 * a namespace added under `locales/<lang>/` is picked up without touching this module.
 */
export const localeFiles = import.meta.glob<ResourceKey>('./*/*.json', { base: '../../locales', import: 'default' });
