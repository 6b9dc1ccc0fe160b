/**
 * Small real images built from their bytes, and files that pretend to be images, for the upload
 * tests. The PNG is assembled chunk by chunk (signature, IHDR, IDAT, IEND with their CRCs), so it
 * is a valid picture any decoder opens, not just a matching signature.
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height RGB PNG of one colour. */
export function pngImage(width = 2, height = 2, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // Every scanline starts with filter type 0, then its pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A baseline 1×1 grey JPEG: SOI, JFIF APP0, one quantisation table, a frame header, Huffman tables
 * with a single code each, and one scan that encodes a flat 8×8 block, then EOI.
 */
export function jpegImage(): Buffer {
  return Buffer.from(
    'ffd8ffe000104a46494600010100000100010000' +
      'ffdb004300' +
      '01'.repeat(64) +
      'ffc0000b080001000101011100' +
      'ffc4001400010000000000000000000000000000000000' +
      'ffc40014100100000000000000000000000000000000' +
      'ffda0008010100003f00' +
      // Scan data: DC difference 0 and end-of-block, one bit each, padded with 1 bits.
      '3f' +
      'ffd9',
    'hex',
  );
}

/** A minimal WebP (lossless, 1×1) as a RIFF container. */
export function webpImage(): Buffer {
  return Buffer.from('524946461a000000574542505650384c0d0000002f00000010071011118888fe0700', 'hex');
}

export const htmlRenamedAsPng = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script>' +
    '<rect width="10" height="10"/></svg>',
);

/** What a phone camera writes: a JPEG whose EXIF names the maker and the GPS position it was taken at. */
export async function cameraPhotoWithGps(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}
