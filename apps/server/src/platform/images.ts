import { createRequire } from 'node:module';
import type Sharp from 'sharp';
import { createSemaphore } from './concurrency';
import { AppError } from './errors';

// sharp (libvips: some 30 MB of memory and most of a second to load) is loaded by the first picture,
// not at start: most processes serve many requests before one.
const require = createRequire(import.meta.url);
let loadedSharp: typeof Sharp | undefined;
const sharp = (...args: Parameters<typeof Sharp>) =>
  (loadedSharp ??= require('sharp') as typeof Sharp)(...args);

// Decoding is bounded so a small file that claims to be a huge picture cannot exhaust memory.
const MAX_INPUT_PIXELS = 40_000_000;
// A 40-megapixel decode holds about 160 MB: two at once keep a burst of uploads (from one member or
// many) within a few hundred MB; the others wait their turn.
export const MAX_CONCURRENT_DECODES = 2;
const decodes = createSemaphore(MAX_CONCURRENT_DECODES);
/** How many pictures are being decoded now and at most so far (diagnostics and tests). */
export const imageDecodeStats = () => decodes.stats();
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A picture's bytes, or the path of the file holding them (an upload waits on disk, never in memory). */
export type ImageSource = Buffer | string;

export const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)');

/** Checks the bytes themselves (never the name or the client's type): answers the format or throws 415. */
export async function assertImage(data: ImageSource) {
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
export async function toWebp(data: ImageSource, maxSide: number, quality = 80) {
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
export async function toWebpSizes(data: ImageSource, maxSides: readonly number[], quality = 80) {
  await assertImage(data);
  const decoded = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  // One size after the other: each size decodes the picture again, so in parallel they would hold
  // several full decodes of one upload at once.
  return decodes
    .run(async () => {
      const images: WebpImage[] = [];
      for (const side of maxSides) {
        const { data: out, info } = await decoded
          .clone()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .webp({ quality })
          .toBuffer({ resolveWithObject: true });
        images.push({ data: out, width: info.width, height: info.height });
      }
      return images;
    })
    .catch((err: unknown) => {
      // A file whose header is an image's but whose pixels are broken fails only here, while decoding.
      throw err instanceof AppError ? err : notAnImage();
    });
}

/** The width of a picture's blurred stand-in (data saver): a few hundred bytes, scaled up and blurred by the web. */
export const PLACEHOLDER_WIDTH = 24;

/**
 * A tiny WebP of an already re-encoded picture (its feed variant) as a data: URI, for the data
 * saver's blurred stand-in: about 24 px wide, a few hundred characters, shipped inside the post.
 */
export async function webpPlaceholder(webp: Buffer): Promise<string> {
  const tiny = await sharp(webp, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_WIDTH, fit: 'inside' })
    .webp({ quality: 40, effort: 6 })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}
