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
  const [image] = await toWebpSizes(data, [maxSide], quality);
  return image!.data;
}

export interface WebpImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Several sizes of one picture (each as `toWebp`), with the bytes checked once: one WebP per
 * entry of maxSides, in the same order.
 */
export async function toWebpSizes(data: Buffer, maxSides: readonly number[], quality = 80) {
  await assertImage(data);
  const decoded = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  // A file whose header is an image's but whose pixels are broken fails only here, while decoding.
  return Promise.all(
    maxSides.map(async (side): Promise<WebpImage> => {
      const { data: out, info } = await decoded
        .clone()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer({ resolveWithObject: true });
      return { data: out, width: info.width, height: info.height };
    }),
  ).catch((err: unknown) => {
    throw err instanceof AppError ? err : notAnImage();
  });
}
