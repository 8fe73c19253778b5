import qrcode from 'qrcode-generator';

/**
 * The QR code of a link (a phone-binding link, a payment's pay page) as an SVG document; it scales
 * to whatever size the page gives it.
 */
export function qrSvg(url: string): string {
  // Level M survives a smudged or glare-struck screen; the URL is short enough for a small code.
  const code = qrcode(0, 'M');
  code.addData(url, 'Byte');
  code.make();
  return code.createSvgTag({ cellSize: 4, margin: 16, scalable: true });
}
