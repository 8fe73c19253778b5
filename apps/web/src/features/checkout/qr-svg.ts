import DOMPurify from 'dompurify';
import { svgImageSource } from '../../lib/svg-image';

/** An instance of our own, so its settings touch no other use of the library. */
const purifier = DOMPurify(window);

/**
 * The server's QR code as an image address. The SVG is sanitised as SVG first — shapes and their
 * attributes only, no script, link, image or reference — and then shown through `<img>`, which
 * runs nothing and fetches nothing an SVG might name: a payment code is the last place to trust
 * markup blindly, even our own server's.
 */
export function qrImageSource(svg: string): string {
  return svgImageSource(
    purifier.sanitize(svg, { USE_PROFILES: { svg: true }, FORBID_TAGS: ['a', 'image', 'use', 'foreignObject'] }),
  );
}
