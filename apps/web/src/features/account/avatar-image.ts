import { AVATAR_WIDTH } from '@account-centre/contract';

/** Spec 01 §5 / §9: the size the re-encoded picture aims at. */
export const AVATAR_TARGET_BYTES = 2 * 1024 * 1024;

/** JPEG qualities tried in turn, best first, until the picture fits the target. */
const QUALITIES = [0.92, 0.8, 0.65, 0.5, 0.35, 0.2] as const;

/** The drawn size: at most 220 px wide, never enlarged, the aspect kept. */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  if (width <= AVATAR_WIDTH) return { width, height };
  return { width: AVATAR_WIDTH, height: Math.max(1, Math.round((height * AVATAR_WIDTH) / width)) };
}

function loadImage(source: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(source);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the picture could not be decoded'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality);
  });
}

/**
 * Re-encodes a picture as JPEG in the browser (spec 01 §5 "Avatar"): width capped at 220 px,
 * quality stepped down until the file is at most 2 MB (the last step is kept if none fits; the
 * server then refuses it with its own message).
 */
export async function encodeAvatar(source: Blob): Promise<{ file: Blob; width: number; height: number }> {
  const image = await loadImage(source);
  const { width, height } = scaledSize(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  // JPEG has no transparency: a white ground keeps transparent GIF and PNG pixels from turning black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  let file = await toJpeg(canvas, QUALITIES[0]);
  for (const quality of QUALITIES.slice(1)) {
    if (file.size <= AVATAR_TARGET_BYTES) break;
    file = await toJpeg(canvas, quality);
  }
  return { file, width, height };
}

/** A data URL (the desktop client's picked photo, `uploadAvator`) as a Blob. */
export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  const response = await fetch(dataUrl);
  return response.blob();
}
