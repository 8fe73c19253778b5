import { describe, expect, it } from 'vitest';
import { buyHref, readBuyChoice, screenLink } from './buy-link';

describe('links to the purchase screen', () => {
  it('preselect what they name and keep the rest of the query string', () => {
    expect(buyHref('?from=maxPC&lang=de', { kind: 'personal', item: 'personal.oneYear', product: 'mind' })).toBe(
      '/buy?from=maxPC&lang=de&kind=personal&item=personal.oneYear&product=mind',
    );
    expect(buyHref('', { kind: 'ai_points' })).toBe('/buy?kind=ai_points');
  });

  it('replace an earlier choice rather than adding to it', () => {
    expect(buyHref('?item=ai.points1000&kind=ai_points&tend=max', { kind: 'template_credit' })).toBe(
      '/buy?tend=max&kind=template_credit',
    );
  });

  it('are read back as written, blank values left out', () => {
    expect(readBuyChoice('?item=business.lifetime&product=%20&tend=max')).toEqual({ item: 'business.lifetime' });
    const href = new URL(buyHref('?x=1', { kind: 'personal', product: 'max' }), 'http://account.example.cn');
    expect(readBuyChoice(href.search)).toEqual({
      kind: 'personal',
      product: 'max',
    });
  });

  it('leave the choice behind on the way to another screen', () => {
    expect(screenLink('/order', '?kind=personal&item=personal.oneYear&platform=tablet')).toBe('/order?platform=tablet');
    expect(screenLink('/aipoint', '?kind=ai_points')).toBe('/aipoint');
  });
});
