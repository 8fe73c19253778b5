/**
 * What the page shows when the app does not start: the entry script failed to load (a dropped
 * connection, a build replaced under an open page) or a client's embedded browser cannot run it.
 * Until the app renders, `index.html` shows a spinner; this plugin adds, under it, a line that
 * appears after a while in the page's language, with a link that loads the page again.
 *
 * No script is involved, since it is for when scripts fail: the line is in the page in all 12
 * languages and CSS shows the one of `<html lang>`, which the server writes for each request
 * from the address's `lang` and the build's region (plugins/web.ts on the server). A link with
 * an empty `href` is the page's own address. The app's first render replaces all of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// A relative import: the build's config is loaded by Node, which cannot load the contract package's TypeScript entry.
import { languages, languageTags } from '../../../packages/contract/src/rules/language';
import type { Plugin } from 'vite';

/** The place in index.html the notice goes. */
const MARKER = '<!-- boot-notice -->';

/** Long enough for the first route over a slow mobile connection; short enough to be waited for. */
export const BOOT_NOTICE_DELAY_SECONDS = 10;

const readTexts = (localesDir: string, language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The notice's markup and style, from the texts of each language under `localesDir`. */
export function bootNotice(localesDir: string): { html: string; css: string } {
  const lines = languages.map((language) => {
    const slow = String(readTexts(localesDir, language, 'boot').slow);
    // The words of the chunk-load error view's button, which does the same.
    const reload = String(readTexts(localesDir, language, 'shell').reload);
    return `<p lang="${languageTags[language]}">${escapeHtml(slow)} <a href="">${escapeHtml(reload)}</a></p>`;
  });
  const shown = languages
    .map((language) => `html[lang='${languageTags[language]}'] .boot-late p[lang='${languageTags[language]}']`)
    .join(',\n');
  const css = `
      .boot-late {
        visibility: hidden;
        animation: boot-late 0s linear ${BOOT_NOTICE_DELAY_SECONDS}s forwards;
      }
      @keyframes boot-late {
        to {
          visibility: visible;
        }
      }
      .boot-late p {
        display: none;
      }
      ${shown} {
        display: block;
      }`;
  return { html: `<div class="boot-late" role="status">${lines.join('')}</div>`, css };
}

export function bootNoticePlugin(localesDir: string): Plugin {
  return {
    name: 'boot-notice',
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`index.html has no ${MARKER} for the boot notice`);
      const notice = bootNotice(localesDir);
      return html.replace(MARKER, notice.html).replace('</style>', `${notice.css}\n    </style>`);
    },
  };
}
