import { describe, expect, it } from 'vitest';
import { embeddedFonts, pdfText } from '../../../test/helpers/pdf-text.js';
import { fontRuns, receiptDate, type ReceiptDocument, renderReceiptPdf } from './receipt-pdf.js';

const domestic: ReceiptDocument = {
  region: 'domestic',
  number: 'E2026112200000042',
  issuedAt: 1_795_000_000,
  orderNo: '20261122093000123456',
  orderedAt: 1_794_900_000,
  productName: '图示 · 1 年订阅',
  detail: 'Windows / Mac / Linux',
  quantity: 1,
  amount: 28_000,
  currency: 'CNY',
  channel: 'online',
  billTo: {
    titleType: 'company',
    title: '北京示例科技有限公司',
    taxNumber: '91350100M000100Y43',
    email: 'fin@example.cn',
  },
  issuer: 'Account Centre',
};

describe('receipt PDF', () => {
  it('is a PDF whose text holds the order number, the amount and the Chinese bill-to', async () => {
    const pdf = await renderReceiptPdf(domestic);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('20261122093000123456');
    expect(text).toContain('¥280.00');
    expect(text).toContain('北京示例科技有限公司');
    expect(text).toContain('91350100M000100Y43');
    expect(text).toContain('E2026112200000042');
    expect(text).toContain('收据 Receipt');
    expect(text).toContain('图示 · 1 年订阅');
  });

  it('embeds a subset of the CJK font that a PDF reader can draw, every glyph with its outline', async () => {
    const fonts = await embeddedFonts(await renderReceiptPdf(domestic));
    const cjk = fonts.find((font) => font.name.endsWith('+NotoSansHans-Regular'));
    expect(cjk, JSON.stringify(fonts)).toBeDefined();
    expect(cjk?.unusable).toBe(false);
    // A subset: the glyphs the receipt uses (≈130 here), not the ~30,000 of the font.
    expect(cjk?.glyphs).toBeGreaterThan(60);
    expect(cjk?.glyphs).toBeLessThan(400);
    // Only .notdef and the space have no outline.
    expect(cjk?.inked).toBeGreaterThanOrEqual((cjk?.glyphs ?? 0) - 2);
  });

  it('writes an overseas receipt in English with the dollar amount', async () => {
    const text = await pdfText(
      await renderReceiptPdf({
        ...domestic,
        region: 'overseas',
        number: 'R2026112200000043',
        productName: 'Diagram annual plan',
        amount: 9_999,
        currency: 'USD',
        billTo: { titleType: 'personal', title: 'Łukasz Žák', taxNumber: null, email: 'lz@example.com' },
      }),
    );
    expect(text).toContain('Receipt');
    expect(text).not.toContain('收据');
    expect(text).toContain('$99.99');
    expect(text).toContain('R2026112200000043');
    // Ł is drawn by the fallback font as "?", Ž by Helvetica’s WinAnsi set, the rest by the CJK font.
    expect(text.replace(/\s/g, '')).toContain('?ukaszŽák');
  });

  it('splits text into runs the fonts can draw', () => {
    const cjk = (code: number) => code !== 0x141 && code !== 0x17d && code !== 0x17b;
    expect(fontRuns('Łódź', cjk)).toEqual([
      { font: 'Helvetica', text: '?' },
      { font: 'cjk', text: 'ódź' },
    ]);
    expect(fontRuns('Žaba Żaba', cjk)).toEqual([
      { font: 'Helvetica', text: 'Ž' },
      { font: 'cjk', text: 'aba ' },
      { font: 'Helvetica', text: '?' },
      { font: 'cjk', text: 'aba' },
    ]);
    expect(fontRuns('订单 42', cjk)).toEqual([{ font: 'cjk', text: '订单 42' }]);
  });

  it('dates receipts by the region’s calendar day, with slashes', () => {
    // 2026-11-21 20:00 UTC is already 22 November in China.
    const moment = Date.UTC(2026, 10, 21, 20, 0) / 1000;
    expect(receiptDate(moment, 'overseas')).toBe('2026/11/21');
    expect(receiptDate(moment, 'domestic')).toBe('2026/11/22');
  });
});
