/**
 * Recognises the image formats users may upload by their first bytes (their "magic numbers"),
 * never by the file name or the declared content type, which the sender controls. Anything else,
 * including SVG (an XML document that can carry scripts) and HTML renamed to .png, is not an image
 * here.
 */

export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'png' | 'jpg' | 'webp';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG: start-of-image marker followed by the first segment's marker byte. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  // A PNG's first chunk must be IHDR; checking it too refuses a bare signature glued to other data.
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12))
    return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, JPEG_SIGNATURE)) return { mime: 'image/jpeg', extension: 'jpg' };
  // WebP is a RIFF container: "RIFF", a 4-byte length, "WEBP", then a VP8/VP8L/VP8X chunk.
  if (
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8) &&
    startsWith(bytes, ascii('VP8'), 12)
  )
    return { mime: 'image/webp', extension: 'webp' };
  return undefined;
}
