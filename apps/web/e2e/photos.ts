/**
 * Small real PNGs, as a phone's camera roll would give them. A deposit's proof must be a picture
 * no other live deposit has (the server compares their content), so every call gives the fixture
 * with its first pixels changed to spell a counter: the same look, a different picture each time.
 */
import { readFileSync } from 'node:fs';
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE_BYTES = 8;
let pictures = Math.floor(Math.random() * 0xffffff);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The PNG with the three bytes after the first scanline's filter byte replaced by `counter`: any
 * change of the filtered data is still a valid image, with other pixels. Expects one IDAT chunk
 * (the fixtures have one).
 */
export function withCounter(png: Buffer, counter: number): Buffer {
  const parts: Buffer[] = [png.subarray(0, SIGNATURE_BYTES)];
  for (let at = SIGNATURE_BYTES; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IDAT') {
      const pixels = Buffer.from(inflateSync(data));
      pixels[1] = counter >> 16;
      pixels[2] = (counter >> 8) & 0xff;
      pixels[3] = counter & 0xff;
      parts.push(chunk('IDAT', deflateSync(pixels)));
    } else parts.push(png.subarray(at, at + 12 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

/** A fixture photo as the file input takes it, a different picture on every call. */
export function photo(name: string) {
  pictures = (pictures + 1) % 0x1000000;
  return {
    name,
    mimeType: 'image/png',
    buffer: withCounter(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)), pictures),
  };
}
