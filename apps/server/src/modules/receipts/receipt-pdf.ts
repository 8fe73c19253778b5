import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fonts as bundledFonts } from '@embedpdf/fonts-sc';
import { type Currency, formatAmount, type OrderChannel, type Region } from '@account-centre/contract';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/** What a receipt shows: the order, the document's number and date, and whom it is made out to. */
export interface ReceiptDocument {
  region: Region;
  /** Receipt number (overseas) or the invoice number the operator issued (domestic). */
  number: string;
  issuedAt: number;
  orderNo: string;
  orderedAt: number;
  productName: string;
  detail: string | null;
  quantity: number;
  /** Minor units. */
  amount: number;
  currency: Currency;
  channel: OrderChannel;
  billTo: { titleType: 'personal' | 'company'; title: string; taxNumber: string | null; email: string };
  issuer: string;
}

/**
 * The CJK font: Noto Sans SC (GB2312 coverage plus Latin, ~30,000 characters, OFL-1.1), shipped
 * inside the `@embedpdf/fonts-sc` npm package, so every install has it with no system fonts.
 * It is parsed once per process; each PDF embeds only the glyphs it uses (pdfkit subsets it).
 */
let cjkFont: Promise<fontkit.Font> | null = null;
function loadCjkFont(): Promise<fontkit.Font> {
  cjkFont ??= (async () => {
    const regular = bundledFonts.find((font) => font.weight === 400) ?? bundledFonts[0];
    if (!regular) throw new Error('@embedpdf/fonts-sc lists no font');
    // The package exports only its index; its fonts/ folder sits beside dist/.
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    const file = path.join(path.dirname(entry), '..', 'fonts', regular.file);
    return fontkit.create(await fs.readFile(file));
  })().catch((error: unknown) => {
    cjkFont = null;
    throw error;
  });
  return cjkFont;
}

// Characters the standard Helvetica (WinAnsi) can draw beyond Latin-1.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const fitsWinAnsi = (ch: string) => (ch.codePointAt(0) ?? 0) <= 0xff || WIN_ANSI_EXTRA.has(ch);

interface Run {
  font: 'cjk' | 'Helvetica';
  text: string;
}

/**
 * Splits text into runs the two fonts can draw: the CJK font wherever it has the glyph (nearly
 * everything), Helvetica for the few Latin letters it lacks (Ł, Ž…), and `?` for a character
 * neither has — never an invisible or wrong glyph.
 */
export function fontRuns(text: string, hasCjkGlyph: (codePoint: number) => boolean): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const font: Run['font'] = hasCjkGlyph(code) ? 'cjk' : 'Helvetica';
    const drawn = font === 'Helvetica' && !fitsWinAnsi(ch) ? '?' : ch;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += drawn;
    else runs.push({ font, text: drawn });
  }
  return runs;
}

/** Dates on receipts: the region's calendar day (UTC+8 domestic, UTC overseas), with slashes. */
export function receiptDate(seconds: number, region: Region): string {
  const shifted = new Date((seconds + (region === 'domestic' ? 8 * 3600 : 0)) * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}`;
}

const channelLabels: Record<OrderChannel, [zh: string, en: string]> = {
  online: ['在线支付', 'Online payment'],
  app_store: ['应用商店', 'App store'],
  lenovo_store: ['联想商店', 'Lenovo store'],
  bank_transfer: ['银行转账', 'Bank transfer'],
};

/** Labels: bilingual on domestic documents, English on overseas ones. */
function label(region: Region, zh: string, en: string): string {
  return region === 'domestic' ? `${zh} ${en}` : en;
}

/** Renders the receipt of an order as a PDF (A4, text selectable, CJK font embedded). */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const font = await loadCjkFont();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${receipt.region === 'domestic' ? 'Invoice' : 'Receipt'} ${receipt.number}`,
      Author: receipt.issuer,
      Subject: `Order ${receipt.orderNo}`,
      CreationDate: new Date(receipt.issuedAt * 1000),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as a font source; its typings only list files and buffers.
  doc.registerFont('cjk', font as unknown as Buffer);

  const hasGlyph = (code: number) => font.hasGlyphForCodePoint(code);
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => {
    const runs = fontRuns(text, hasGlyph);
    runs.forEach((run, index) => {
      doc.font(run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { ...options, continued });
      else doc.text(run.text, { continued });
    });
  };

  const { region } = receipt;
  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;

  doc.fillColor('#1f2329');
  doc.fontSize(11);
  write(receipt.issuer, left, 56);
  doc.fontSize(22);
  write(region === 'domestic' ? '收据 Receipt' : 'Receipt', left, 80);

  doc.fontSize(10).fillColor('#4e5969');
  const facts: [string, string][] = [
    [
      label(
        region,
        region === 'domestic' ? '发票号码' : '收据编号',
        region === 'domestic' ? 'Invoice no.' : 'Receipt no.',
      ),
      receipt.number,
    ],
    [label(region, '开具日期', 'Date issued'), receiptDate(receipt.issuedAt, region)],
    [label(region, '订单号', 'Order number'), receipt.orderNo],
    [label(region, '下单日期', 'Order date'), receiptDate(receipt.orderedAt, region)],
    [
      label(region, '支付方式', 'Paid by'),
      region === 'domestic' ? channelLabels[receipt.channel].join(' ') : channelLabels[receipt.channel][1],
    ],
  ];
  let y = 130;
  for (const [name, value] of facts) {
    write(name, left, y, { width: 170 });
    doc.fillColor('#1f2329');
    write(value, left + 180, y, { width: width - 180 });
    doc.fillColor('#4e5969');
    y += 18;
  }

  y += 14;
  doc.fontSize(11).fillColor('#1f2329');
  write(label(region, '抬头', 'Bill to'), left, y);
  y += 18;
  doc.fontSize(10);
  write(receipt.billTo.title, left, y, { width });
  y = doc.y + 4;
  if (receipt.billTo.taxNumber) {
    write(`${label(region, '税号', 'Tax number')}: ${receipt.billTo.taxNumber}`, left, y, { width });
    y = doc.y + 4;
  }
  write(receipt.billTo.email, left, y, { width });
  y = doc.y + 24;

  // The order line: product, detail, quantity, amount.
  const columns = { product: left, detail: left + 200, quantity: left + 340, amount: left + 400 };
  const amountWidth = right - columns.amount;
  doc.rect(left, y - 6, width, 24).fill('#f2f3f5');
  doc.fillColor('#1f2329');
  write(label(region, '商品', 'Product'), columns.product + 6, y, { width: 190 });
  write(label(region, '详情', 'Detail'), columns.detail, y, { width: 130 });
  write(label(region, '数量', 'Qty'), columns.quantity, y, { width: 55 });
  write(label(region, '金额', 'Amount'), columns.amount, y, { width: amountWidth, align: 'right' });
  y += 28;
  const amountText = formatAmount(receipt.amount, receipt.currency);
  write(receipt.productName, columns.product + 6, y, { width: 190 });
  const productBottom = doc.y;
  write(receipt.detail ?? '—', columns.detail, y, { width: 130 });
  const detailBottom = doc.y;
  write(String(receipt.quantity), columns.quantity, y, { width: 55 });
  write(amountText, columns.amount, y, { width: amountWidth, align: 'right' });
  y = Math.max(productBottom, detailBottom, doc.y) + 10;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#c9cdd4').stroke();
  y += 12;
  doc.fontSize(12);
  write(`${label(region, '合计', 'Total')}: ${amountText} (${receipt.currency})`, left, y, { width, align: 'right' });

  doc.fontSize(8).fillColor('#86909c');
  write(
    region === 'domestic'
      ? '本收据由系统根据订单生成，与开具的电子发票信息一致。 This receipt was generated from the order and matches the invoice issued.'
      : 'This receipt was generated from your order. Keep it for your records.',
    left,
    doc.page.height - 90,
    { width },
  );

  doc.end();
  return finished;
}
