/**
 * Whether a namespace belongs to a part of a screen (`accountClose` of `account`): such texts
 * load with their part (lazyWithTexts), never at boot.
 */
export function isPartNamespace(namespace: string, screens: readonly string[]): boolean {
  const match = /^([a-z]+)[A-Z]/.exec(namespace);
  return match !== null && screens.includes(match[1] ?? '');
}

/**
 * Texts of the page itself, shown before any script runs (`scripts/boot-notice.ts` writes them
 * into index.html): not among the app's namespaces (`resources.ts`, vite.config.ts), so the app
 * never loads them.
 */
export const PAGE_NAMESPACES: readonly string[] = ['boot'];
