import { describe, expect, it } from 'vitest';
import {
  htmlRenamedAsPng,
  jpegImage,
  pngImage,
  svgImage,
  webpImage,
} from '../../test/helpers/image-fixtures.ts';
import { imageTypeOf } from './image-type.ts';
import { uploadNameOf } from '../services/upload-service.ts';

describe('imageTypeOf', () => {
  it('recognises real PNG, JPEG and WebP images by their bytes', () => {
    expect(imageTypeOf(pngImage())).toEqual({ mime: 'image/png', extension: 'png' });
    expect(imageTypeOf(jpegImage())).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
    expect(imageTypeOf(webpImage())).toEqual({ mime: 'image/webp', extension: 'webp' });
  });

  it.each([
    ['HTML', htmlRenamedAsPng],
    ['SVG', svgImage],
    ['nothing', Buffer.alloc(0)],
    ['a bare PNG signature', pngImage().subarray(0, 8)],
    ['a PNG signature followed by a script', Buffer.concat([pngImage().subarray(0, 8), htmlRenamedAsPng])],
    ['a RIFF file that is not WebP', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['two bytes of a JPEG', jpegImage().subarray(0, 2)],
  ])('is not fooled by %s', (_kind, bytes) => {
    expect(imageTypeOf(bytes)).toBeUndefined();
  });
});

describe('uploadNameOf', () => {
  const name = '0123456789abcdef0123456789abcdef.png';

  it.each([
    name,
    `/v1/files/${name}`,
    `https://api.example.com/v1/files/${name}`,
    `/v1/files/${name}?token=abc`,
    ` ${name} `,
  ])('finds the upload name in %j', (reference) => {
    expect(uploadNameOf(reference)).toBe(name);
  });

  it.each([
    '',
    '0123456789abcdef0123456789abcdef.svg',
    '0123456789ABCDEF0123456789ABCDEF.png',
    `/v1/files/../${name}`,
    `/files/${name}`,
    `${name},${name}`,
    `/v1/files/${name}/extra`,
    'javascript:alert(1)',
  ])('finds none in %j', (reference) => {
    expect(uploadNameOf(reference)).toBeUndefined();
  });
});
