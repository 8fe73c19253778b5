import DOMPurify from 'dompurify';

/** An instance of our own, so its settings touch no other use of the library. */
const purifier = DOMPurify(window);

/**
 * The server's QR code, sanitised as SVG before it goes into the page: shapes and their
 * attributes only — no script, handler, link, or image or reference fetched from elsewhere. A
 * payment code is the last place to trust markup blindly, even our own server's.
 */
export function sanitiseQrSvg(svg: string): string {
  return purifier.sanitize(svg, { USE_PROFILES: { svg: true }, FORBID_TAGS: ['a', 'image', 'use', 'foreignObject'] });
}
