import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from '../lib/router';
import { languageNames, languages } from '../lib/i18n';
import { renderInLanguage, resetLanguage } from '../testing/render';
import { LanguagePicker } from './LanguagePicker';

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

describe('LanguagePicker', () => {
  afterEach(async () => {
    cleanup();
    await resetLanguage();
  });

  it('lists the 12 languages by their own names', async () => {
    await renderInLanguage(<LanguagePicker />, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(languages.map((code) => languageNames[code]));
    expect((await screen.findByRole('menuitemradio', { name: '日本語' })).getAttribute('lang')).toBe('ja');
    expect((await screen.findByRole('menuitemradio', { name: 'English' })).getAttribute('aria-checked')).toBe('true');
  });

  it('switches the language and keeps it in the address, with the rest of the query', async () => {
    await renderInLanguage(
      <>
        <LanguagePicker />
        <Address />
      </>,
      { language: 'en', path: '/order?from=maxPC&lang=en' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/order?from=maxPC&lang=de'));
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });
});
