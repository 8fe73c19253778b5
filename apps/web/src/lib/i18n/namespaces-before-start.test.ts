// @vitest-fresh-modules: i18next starts once per page load; this file starts its own.
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadNamespace } from './i18n';

describe('a namespace asked for before i18n has started', () => {
  it('loads with the start, as the screen a desktop client opens with `to=` asks for its texts at boot', async () => {
    // main.tsx preloads the first screen (its code and texts) beside initI18n; `to=order` makes
    // it a screen whose namespace is not among the start's.
    let loaded = false;
    const asked = loadNamespace('order').then(() => {
      loaded = true;
    });
    await initI18n('de', ['common', 'shell']);
    await asked;
    expect(loaded).toBe(true);
    expect(i18n.hasResourceBundle('de', 'order')).toBe(true);
    expect(i18n.t('order:licences.title')).toBe('Meine Lizenzen');
    // The namespaces of the start are there too, and a later request still loads.
    expect(i18n.t('common:actions.cancel')).toBe('Abbrechen');
    await loadNamespace('devices');
    expect(i18n.hasResourceBundle('de', 'devices')).toBe(true);
  });
});
