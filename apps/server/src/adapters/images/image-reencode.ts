/**
 * Every uploaded image is decoded and encoded again before it is stored, so what we keep is pixels
 * we drew ourselves, not the sender's bytes:
 * - a polyglot (a JPEG that is also a ZIP, an HTML page appended after the image) loses everything
 *   that is not the picture;
 * - a truncated or corrupt file fails to decode and is refused;
 * - a decompression bomb (a small file that claims a huge canvas) is refused from its header,
 *   before any pixel is decoded;
 * - metadata goes: EXIF (GPS position, camera serial), XMP and comments are not copied. The EXIF
 *   orientation is applied to the pixels first, so a portrait photo stays upright.
 * The format stays the one the bytes claimed (image-type.ts), so a PNG is still a PNG.
 *
 * The work is bounded: a picture wider or taller than UPLOAD_MAX_EDGE is shrunk to fit (no identity
 * photo or payment proof needs more to be read, and the stored file stays small), WebP is encoded
 * with little search effort, and libvips uses one thread per image, so one upload cannot take every
 * thread of the pool the rest of the server shares. How many run at once is the caller's limit
 * (services/work-limiter.ts), and each has a time limit of its own (IMAGE_TIMEOUT_S, sharp's
 * timeout): an image crafted to be slow is stopped and refused as `timed_out`.
 */
import sharp from 'sharp';
import type { ImageType } from '../../inputs/image-type.ts';

/** 40 megapixels: above any phone photo (48 MP sensors save 12 or 24 MP by default), far below a bomb. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** The longest side kept: a 4096 px edge reads any document; larger pictures are shrunk to fit. */
export const UPLOAD_MAX_EDGE = 4096;

/** Uploads pass through once: libvips' operation cache would only hold on to their memory. */
sharp.cache(false);
/** One libvips thread per image: parallel uploads are limited by the caller, per core. */
sharp.concurrency(1);

/** Seconds one image may take by default (IMAGE_TIMEOUT_S): a 40 MP photo takes about one. */
export const DEFAULT_IMAGE_TIMEOUT_SECONDS = 20;

export type ReencodeResult =
  | { ok: true; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: 'not_image' | 'too_many_pixels' | 'timed_out' };

/** The re-encoding step, as the upload service calls it (tests put their own in front of it). */
export type ImageReencoder = (bytes: Buffer, type: ImageType) => Promise<ReencodeResult>;

const SHARP_FORMAT = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;

/** libvips stopped the work at the timeout: its error reads "timeout: 42% complete". */
export function isSharpTimeout(error: unknown): boolean {
  return error instanceof Error && /^timeout\b/i.test(error.message);
}

/** The re-encoder whose work stops after `timeoutSeconds` (whole seconds, at least 1). */
export function imageReencoder(timeoutSeconds: number): ImageReencoder {
  const seconds = Math.max(1, Math.floor(timeoutSeconds));
  return (bytes, type) => reencodeImage(bytes, type, seconds);
}

export async function reencodeImage(
  bytes: Buffer,
  type: ImageType,
  timeoutSeconds = DEFAULT_IMAGE_TIMEOUT_SECONDS,
): Promise<ReencodeResult> {
  const options = { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS } as const;
  let width: number;
  let height: number;
  try {
    // The header alone: the canvas size, without decoding a pixel.
    const header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (header.format !== SHARP_FORMAT[type.mime]) return { ok: false, reason: 'not_image' };
    width = header.width;
    height = header.height;
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  if (width * height > UPLOAD_MAX_PIXELS) return { ok: false, reason: 'too_many_pixels' };
  try {
    const image = sharp(bytes, options).timeout({ seconds: timeoutSeconds }).autoOrient().resize({
      width: UPLOAD_MAX_EDGE,
      height: UPLOAD_MAX_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      type.mime === 'image/png'
        ? image.png()
        : type.mime === 'image/jpeg'
          ? image.jpeg({ quality: 90 })
          : // Effort 1 of 6: a fraction of the default's time, for a file a little larger.
            image.webp({ quality: 90, effort: 1 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, width: info.width, height: info.height };
  } catch (error) {
    return { ok: false, reason: isSharpTimeout(error) ? 'timed_out' : 'not_image' };
  }
}
