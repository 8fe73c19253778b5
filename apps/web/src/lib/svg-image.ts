/**
 * The SVG of a QR code as an image address. An `<img>` never runs what an SVG might contain,
 * so the server's markup is shown without being put into the page.
 */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
