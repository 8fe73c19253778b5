import { AVATAR_WIDTH } from '@account-centre/contract';
import type { SourceRect } from './crop-geometry';

/** Spec 01 §5 / §9: the size the re-encoded picture aims at. */
export const AVATAR_TARGET_BYTES = 2 * 1024 * 1024;

/** JPEG qualities tried in turn, best first, until the picture fits the target. */
const QUALITIES = [0.92, 0.8, 0.65, 0.5, 0.35, 0.2] as const;

/** The drawn size: at most 220 px wide, never enlarged, the aspect kept. */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  if (width <= AVATAR_WIDTH) return { width, height };
  return { width: AVATAR_WIDTH, height: Math.max(1, Math.round((height * AVATAR_WIDTH) / width)) };
}

/**
 * Decodes a picture (GIF, JPEG, PNG, BMP: whatever the browser reads), upright as its EXIF
 * orientation says: a picked file, or the desktop client's data URL (`uploadAvator`). A data
 * URL is decoded by the image itself: the content security policy lets images load `data:`
 * addresses, but not `fetch` them. An address made for a file is released once it is decoded;
 * the element keeps its pixels for drawing.
 */
export function loadImage(source: Blob | string): Promise<HTMLImageElement> {
  const url = typeof source === 'string' ? source : URL.createObjectURL(source);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the picture could not be decoded'));
    image.src = url;
  }).finally(() => {
    if (url !== source) URL.revokeObjectURL(url);
  });
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality);
  });
}

/**
 * Re-encodes the cropped part of a picture as JPEG in the browser (spec 01 §5 "Avatar"): the
 * crop is drawn straight to a canvas at most 220 px wide, then the quality is stepped down until
 * the file is at most 2 MB (the last step is kept if none fits; the server then refuses it with
 * its own message). The answer's width and height are those of the encoded picture.
 */
export async function encodeAvatar(
  image: CanvasImageSource,
  crop: SourceRect,
): Promise<{ file: Blob; width: number; height: number }> {
  const { width, height } = scaledSize(crop.width, crop.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  // JPEG has no transparency: a white ground keeps transparent GIF and PNG pixels from turning black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  // A large crop shrinks to 220 px in one step; the best smoothing keeps it from aliasing.
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  let file = await toJpeg(canvas, QUALITIES[0]);
  for (const quality of QUALITIES.slice(1)) {
    if (file.size <= AVATAR_TARGET_BYTES) break;
    file = await toJpeg(canvas, quality);
  }
  return { file, width, height };
}
