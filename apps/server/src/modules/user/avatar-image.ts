import {
  AccountErrors,
  AVATAR_MAX_PIXELS,
  AVATAR_MAX_SIDE,
  AVATAR_WIDTH,
  CommonErrors,
} from '@account-centre/contract';
import sharp, { type Sharp } from 'sharp';
import { AppError, appError } from '../../lib/errors.js';

// Pictures are decoded once per upload; libvips' operation cache would only hold memory.
sharp.cache(false);

/** The picture types the account screen accepts (spec 01 §5: gif, jpg, jpeg, png, bmp). */
export type ImageType = 'gif' | 'jpeg' | 'png' | 'bmp';

/**
 * The type a file's first bytes declare, whatever its name says. Anything else (a text file
 * named .png, WebP, SVG, HEIC) is not one of the spec's types.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'gif';
  if (bytes.length >= 26 && bytes.toString('latin1', 0, 2) === 'BM') return 'bmp';
  return null;
}

/**
 * Pixel dimensions as the file's header declares them, read without decoding a pixel, so that
 * a pixel flood (a small file declaring 50000×50000) is refused before any memory is spent on
 * it. Null when the header is truncated or malformed.
 */
export function declaredSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  switch (type) {
    case 'png':
      if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    case 'gif':
      if (bytes.length < 10) return null;
      return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    case 'bmp': {
      const headerSize = bytes.readUInt32LE(14);
      if (headerSize === 12) return { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) };
      if (headerSize < 40 || bytes.length < 26) return null;
      return { width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) };
    }
    case 'jpeg':
      return jpegSize(bytes);
  }
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG, DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * Decodes the uncompressed BMP variants cameras and paint programs write (BI_RGB at 8, 24 or
 * 32 bits, BI_BITFIELDS at 32 bits) to raw RGB: the image library does not read BMP. Other
 * variants (RLE, 1/4/16 bits) are refused as unreadable.
 */
export function decodeBmp(bytes: Buffer): { data: Buffer; width: number; height: number } {
  const unreadable = () => appError(AccountErrors.imageInvalid);
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 40 || bytes.length < 14 + headerSize) throw unreadable();
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const height = Math.abs(rawHeight);
  const bitCount = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const topDown = rawHeight < 0;
  const supported =
    (compression === 0 && (bitCount === 8 || bitCount === 24 || bitCount === 32)) ||
    (compression === 3 && bitCount === 32);
  if (!supported || width < 1 || height < 1) throw unreadable();

  const rowSize = Math.ceil((width * bitCount) / 32) * 4;
  if (pixelOffset + rowSize * height > bytes.length) throw unreadable();

  let palette: Buffer | null = null;
  if (bitCount === 8) {
    const colours = bytes.readUInt32LE(46) || 256;
    const paletteStart = 14 + headerSize;
    if (paletteStart + colours * 4 > pixelOffset) throw unreadable();
    palette = bytes.subarray(paletteStart, paletteStart + colours * 4);
  }
  // BI_BITFIELDS masks follow a 40-byte header, or sit inside a V4/V5 header at the same place.
  const masks =
    compression === 3
      ? [bytes.readUInt32LE(54), bytes.readUInt32LE(58), bytes.readUInt32LE(62)]
      : [0x00ff0000, 0x0000ff00, 0x000000ff];
  const channel = (value: number, mask: number) => {
    if (mask === 0) return 0;
    const shift = Math.clz32(mask & -mask) ^ 31;
    const bits = 32 - Math.clz32(mask >>> shift);
    return Math.round((((value & mask) >>> shift) / (2 ** bits - 1)) * 255);
  };

  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      const target = (y * width + x) * 3;
      if (bitCount === 8) {
        const index = bytes[row + x] as number;
        if (!palette || index * 4 + 2 >= palette.length) throw unreadable();
        out[target] = palette[index * 4 + 2] as number;
        out[target + 1] = palette[index * 4 + 1] as number;
        out[target + 2] = palette[index * 4] as number;
      } else if (bitCount === 24) {
        const at = row + x * 3;
        out[target] = bytes[at + 2] as number;
        out[target + 1] = bytes[at + 1] as number;
        out[target + 2] = bytes[at] as number;
      } else {
        const value = bytes.readUInt32LE(row + x * 4);
        out[target] = channel(value, masks[0] as number);
        out[target + 1] = channel(value, masks[1] as number);
        out[target + 2] = channel(value, masks[2] as number);
      }
    }
  }
  return { data: out, width, height };
}

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Checks an uploaded picture and re-encodes it as the stored avatar: a baseline JPEG at most
 * 220 px wide (spec 01 §5, §9), EXIF orientation applied, transparency on white, no metadata
 * kept. The optional crop is in the picture's upright pixels; the web sends the whole picture
 * (x = y = 0), desktop hosts may send a region.
 *
 * Refusals, each before anything is stored: not gif/jpeg/png/bmp → 415 `image type`; a header
 * declaring more than 40 megapixels or a side over 12,000 px → 400 `image dimensions`; a file
 * the decoder cannot read → 400 `image invalid`.
 */
export async function renderAvatar(bytes: Buffer, crop: Crop | null): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (type === null) throw appError(AccountErrors.imageType);
  const size = declaredSize(bytes, type);
  if (size === null || size.width < 1 || size.height < 1) throw appError(AccountErrors.imageInvalid);
  if (size.width > AVATAR_MAX_SIDE || size.height > AVATAR_MAX_SIDE || size.width * size.height > AVATAR_MAX_PIXELS) {
    throw appError(AccountErrors.imageDimensions);
  }

  try {
    // The decoder enforces the same pixel bound, for frames larger than a GIF's declared screen.
    const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' as const };
    let image: Sharp;
    if (type === 'bmp') {
      const raw = decodeBmp(bytes);
      image = sharp(raw.data, { ...options, raw: { width: raw.width, height: raw.height, channels: 3 } });
    } else {
      image = sharp(bytes, options);
    }
    const meta = await image.metadata();
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    image = image.rotate();
    if (crop && !(crop.x === 0 && crop.y === 0 && crop.width >= upright.width && crop.height >= upright.height)) {
      if (
        crop.width < 1 ||
        crop.height < 1 ||
        crop.x + crop.width > upright.width ||
        crop.y + crop.height > upright.height
      ) {
        throw appError(CommonErrors.invalidRequest, { fields: [{ field: 'body/crop', rule: 'inside' }] });
      }
      image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
    }
    return await image
      .resize({ width: AVATAR_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw appError(AccountErrors.imageInvalid);
  }
}
