import sharp from 'sharp';
import { AppError } from './errors';

// Decoding is bounded so a small file that claims to be a huge picture cannot exhaust memory.
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)');

/** Checks the bytes themselves (never the name or the client's type): answers the format or throws 415. */
export async function assertImage(data: Buffer) {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw notAnImage();
    return meta;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notAnImage();
  }
}

/**
 * Re-encodes to WebP no larger than maxSide on its longer side, turned upright by its EXIF
 * orientation, with every piece of metadata (GPS position included) dropped.
 */
export async function toWebp(data: Buffer, maxSide: number, quality = 80) {
  await assertImage(data);
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}
