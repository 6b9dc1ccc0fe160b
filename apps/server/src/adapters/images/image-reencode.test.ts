/**
 * The re-encoder against images made by the same library the way cameras and attackers make them:
 * with GPS in the EXIF, rotated by an orientation tag, with a payload glued on, cut short, or
 * claiming a canvas far bigger than its bytes.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cameraPhotoWithGps } from '../../../test/helpers/image-fixtures.ts';
import { imageTypeOf, type ImageType } from '../../inputs/image-type.ts';
import { imageReencoder, isSharpTimeout, reencodeImage, UPLOAD_MAX_PIXELS } from './image-reencode.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

const typeOf = (bytes: Buffer): ImageType => {
  const type = imageTypeOf(bytes);
  if (!type) throw new Error('fixture is not an image');
  return type;
};

async function reencoded(bytes: Buffer) {
  const result = await reencodeImage(bytes, typeOf(bytes));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

/** A PNG whose header claims width x height, with a few real bytes of data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('re-encoding uploads', () => {
  it('strips EXIF, GPS position included, from a JPEG and keeps it a JPEG', async () => {
    const photo = await cameraPhotoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { bytes } = await reencoded(photo);
    const after = await sharp(bytes).metadata();
    expect({ format: after.format, exif: after.exif, xmp: after.xmp }).toEqual({
      format: 'jpeg',
      exif: undefined,
      xmp: undefined,
    });
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('turns a photo upright by its orientation tag before the tag is dropped', async () => {
    // 40 wide, 30 high, tagged "rotate 90° clockwise to show": upright it is 30 wide, 40 high.
    const photo = await solid(40, 30).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { width, height, bytes } = await reencoded(photo);
    expect({ width, height }).toEqual({ width: 30, height: 40 });
    expect((await sharp(bytes).metadata()).orientation).toBeUndefined();
  });

  it('drops what a polyglot carries after the picture (a page, an archive)', async () => {
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>PK\u0003\u0004');
    for (const image of [await solid(8, 8).png().toBuffer(), await solid(8, 8).jpeg().toBuffer()]) {
      const { bytes } = await reencoded(Buffer.concat([image, payload]));
      expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
      expect(bytes.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    }
  });

  it('refuses a file cut short, and one that only starts like an image', async () => {
    const whole = await solid(64, 64).png().toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    expect(await reencodeImage(cut, typeOf(cut))).toEqual({ ok: false, reason: 'not_image' });
    const jpegStart = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from('<html>'.repeat(50))]);
    expect(await reencodeImage(jpegStart, typeOf(jpegStart))).toEqual({ ok: false, reason: 'not_image' });
  });

  it('refuses a bomb from its header, before decoding: a huge canvas in a few bytes', async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2000);
    expect(await reencodeImage(bomb, typeOf(bomb))).toEqual({ ok: false, reason: 'too_many_pixels' });
    const side = Math.floor(Math.sqrt(UPLOAD_MAX_PIXELS)) + 1;
    const justOver = pngClaiming(side, side);
    expect(await reencodeImage(justOver, typeOf(justOver))).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('refuses bytes whose real format is not the one their start claims', async () => {
    const png = await solid(8, 8).png().toBuffer();
    expect(await reencodeImage(png, { mime: 'image/jpeg', extension: 'jpg' })).toEqual({
      ok: false,
      reason: 'not_image',
    });
  });

  it('keeps PNG, JPEG and WebP each in its own format and size', async () => {
    for (const [image, format] of [
      [await solid(12, 7).png().toBuffer(), 'png'],
      [await solid(12, 7).jpeg().toBuffer(), 'jpeg'],
      [await solid(12, 7).webp().toBuffer(), 'webp'],
    ] as const) {
      const { bytes, width, height } = await reencoded(image);
      expect({ format: (await sharp(bytes).metadata()).format, width, height }).toEqual({
        format,
        width: 12,
        height: 7,
      });
    }
  });
});

describe('the time limit of a re-encode', () => {
  it('tells the error libvips raises at the timeout from any other failure', () => {
    // What sharp rejects with when `.timeout({ seconds })` stops the pipeline.
    const stopped = new Error('timeout: 87% complete\nVipsImage: killed for image "temp-27"');
    expect(isSharpTimeout(stopped)).toBe(true);
    expect(isSharpTimeout(new Error('Input buffer contains unsupported image format'))).toBe(false);
    expect(isSharpTimeout('timeout')).toBe(false);
  });

  it('re-encodes within a time limit of whole seconds, one at least', async () => {
    const bytes = await solid(16, 16).png().toBuffer();
    const result = await imageReencoder(0.2)(bytes, typeOf(bytes));
    expect(result.ok).toBe(true);
  });
});
