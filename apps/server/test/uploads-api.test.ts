/**
 * Image uploads through the HTTP layer on a real database and the real local-folder storage: which
 * files pass (real PNG, JPEG, WebP built from their bytes), which are refused whatever their name
 * or declared type claims, who may read a stored file, and the headers that keep it an image.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_MAX_BYTES,
  UPLOADS_IN_FLIGHT_PER_USER,
  UPLOADS_PER_HOUR,
} from '../src/services/upload-service.ts';
import {
  cameraPhotoWithGps,
  htmlRenamedAsPng,
  jpegImage,
  pngImage,
  svgImage,
  webpImage,
} from './helpers/image-fixtures.ts';
import type { IdentitySubmission } from '@omp/protocol';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { multipartBody, upload } from './helpers/upload-helpers.ts';

const TOO_LARGE = { code: 413, msg: 'The image is too large: at most 5 MB', data: null };

function* chunksOf(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const FILE_URL = /^\/v1\/files\/[0-9a-f]{32}\.(png|jpg|webp)$/;

describe.each(databaseEngines())('uploads API on %s', (engine) => {
  let rt: TestRuntime;
  let owner: { token: string; id: number };
  let stranger: { token: string; id: number };

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    const client = tradingClient(rt);
    owner = await client.realUser('0');
    stranger = await client.realUser('0');
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const fetchFile = (url: string, headers: Record<string, string> = {}) =>
    rt.app.inject({ method: 'GET', url, headers: { lang: 'en', ...headers } });

  it.each([
    ['PNG', pngImage(), 'png', 'image/png'],
    ['JPEG', jpegImage(), 'jpg', 'image/jpeg'],
    ['WebP', webpImage(), 'webp', 'image/webp'],
  ])(
    'accepts a real %s, stores it under a random name and records its owner',
    async (_kind, bytes, ext, mime) => {
      const { body } = await upload(rt, owner.token, {
        bytes,
        filename: 'anything.bin',
        contentType: 'text/plain',
      });
      expect(body).toMatchObject({ code: 1, data: { url: expect.stringMatching(FILE_URL) } });
      const name = body.data!.url.split('/').pop()!;
      expect(name.endsWith(`.${ext}`)).toBe(true);
      const row = await rt.database.db
        .selectFrom('uploads')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      const served = await fetchFile(body.data!.url, { authorization: owner.token });
      expect({ owner: Number(row.owner_user_id), mime: row.mime, size: Number(row.size) }).toEqual({
        owner: owner.id,
        mime,
        size: served.rawPayload.length,
      });
      expect(readdirSync(path.join(rt.config.dataDir, 'uploads'))).toContain(name);

      // What is stored is the picture drawn again: the same format and size, not the sent bytes.
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      const [sent, kept] = await Promise.all([sharp(bytes).metadata(), sharp(served.rawPayload).metadata()]);
      expect([kept.format, kept.width, kept.height]).toEqual([sent.format, sent.width, sent.height]);
    },
  );

  it('gives two uploads of the same image two different names', async () => {
    const first = await upload(rt, owner.token, { bytes: pngImage() });
    const second = await upload(rt, owner.token, { bytes: pngImage() });
    expect(first.body.data!.url).not.toBe(second.body.data!.url);
  });

  it.each([
    ['an HTML page renamed to .png', htmlRenamedAsPng, 'evil.png', 'image/png'],
    ['an SVG image', svgImage, 'logo.svg', 'image/svg+xml'],
    [
      'a PNG signature glued to a script',
      Buffer.concat([pngImage().subarray(0, 8), htmlRenamedAsPng]),
      'x.png',
      'image/png',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'proof.pdf', 'application/pdf'],
  ])('refuses %s, whatever its name and declared type', async (_kind, bytes, filename, contentType) => {
    const before = await rt.database.db.selectFrom('uploads').select('id').execute();
    const { status, body } = await upload(rt, owner.token, { bytes, filename, contentType });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 422, msg: 'Only PNG, JPEG or WebP images can be uploaded', data: null });
    expect(await rt.database.db.selectFrom('uploads').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses an empty file', async () => {
    const { body } = await upload(rt, owner.token, { bytes: Buffer.alloc(0) });
    expect(body).toEqual({ code: 422, msg: 'The file is empty. Please choose an image.', data: null });
  });

  it('refuses a file over 5 MB with 413 in the envelope, and takes one of exactly 5 MB', async () => {
    const png = pngImage();
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length, 0)]);
    const over = await upload(rt, owner.token, { bytes: padded(UPLOAD_MAX_BYTES + 1) });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ code: 413, msg: 'The image is too large: at most 5 MB', data: null });
    const limit = await upload(rt, owner.token, { bytes: padded(UPLOAD_MAX_BYTES) });
    expect(limit.body.code).toBe(1);
  });

  it('refuses a body larger than the cap allows, declared or not, before reading it all', async () => {
    // What sits before the first boundary is skipped by the form reader; it must still be counted.
    const preamble = Buffer.alloc(UPLOAD_MAX_BYTES + 64 * 1024 + 1, 0x61);
    const { boundary, payload } = multipartBody([{ bytes: pngImage() }]);
    const body = Buffer.concat([preamble, Buffer.from('\r\n'), payload]);
    const send = (payload: Buffer | Readable) =>
      rt.app.inject({
        method: 'POST',
        url: '/api/common/image_upload',
        headers: {
          lang: 'en',
          authorization: owner.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    const declared = await send(body);
    expect([declared.statusCode, declared.json()]).toEqual([413, TOO_LARGE]);
    // Sent in chunks without a length: refused once the bytes read pass the cap.
    const streamed = await send(Readable.from(chunksOf(body, 256 * 1024)));
    expect([streamed.statusCode, streamed.json()]).toEqual([413, TOO_LARGE]);
  });

  it('stores a camera photo without its EXIF: no GPS position, no camera make', async () => {
    const photo = await cameraPhotoWithGps();
    const { body } = await upload(rt, owner.token, { bytes: photo });
    expect(body.code).toBe(1);
    const stored = (await fetchFile(body.data!.url, { authorization: owner.token })).rawPayload;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('refuses a truncated image, a polyglot that does not decode, and a decompression bomb', async () => {
    const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3333' } })
      .png()
      .toBuffer();
    const truncated = await upload(rt, owner.token, { bytes: whole.subarray(0, whole.length / 2) });
    expect(truncated.body).toEqual({
      code: 422,
      msg: 'The image could not be read: it may be damaged or incomplete. Please choose or take it again',
      data: null,
    });
    const htmlBehindJpegMagic = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), htmlRenamedAsPng]);
    expect((await upload(rt, owner.token, { bytes: htmlBehindJpegMagic })).body.code).toBe(422);
    const bomb = pngImage(1, 1);
    bomb.writeUInt32BE(60_000, 16); // IHDR width
    bomb.writeUInt32BE(60_000, 20); // IHDR height
    expect((await upload(rt, owner.token, { bytes: bomb })).body).toEqual({
      code: 422,
      msg: 'The image has too many pixels: at most 40 megapixels',
      data: null,
    });
  });

  it('refuses a request without a file in the field "file", and a JSON body', async () => {
    const wrongField = await upload(rt, owner.token, { bytes: pngImage(), field: 'image' });
    expect(wrongField.body).toMatchObject({
      code: 422,
      msg: 'Please choose an image to upload (form field file)',
    });
    const json = await rt.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: { lang: 'en', authorization: owner.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: 'iVBORw0KGgo=' }),
    });
    expect(json.json()).toMatchObject({
      code: 422,
      msg: 'Please choose an image to upload (form field file)',
    });
  });

  it('says a form with too many fields has too many fields, not that the image is too large', async () => {
    const boundary = '----omp-fields';
    const field = (n: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="note${n}"\r\n\r\nx\r\n`;
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const send = (fields: number) =>
      rt.app.inject({
        method: 'POST',
        url: '/api/common/image_upload',
        headers: {
          lang: 'en',
          authorization: owner.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(Array.from({ length: fields }, (_, n) => field(n)).join('') + file),
          pngImage(),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    expect((await send(5)).json()).toMatchObject({ code: 1 });
    const many = await send(50);
    expect(many.json()).toEqual({
      code: 422,
      msg: 'The form has too many fields: send the image in the field file, with at most 5 other fields',
      data: null,
    });
  });

  it('caps each user at 30 uploads an hour, and no other user', async () => {
    const busy = await tradingClient(rt).realUser('0');
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      expect((await upload(rt, busy.token, { bytes: pngImage() })).body.code).toBe(1);
    }
    const before = readdirSync(path.join(rt.config.dataDir, 'uploads')).length;
    expect((await upload(rt, busy.token, { bytes: pngImage() })).body).toEqual({
      code: 429,
      msg: 'You have uploaded 30 images in the last hour. Please try again later.',
      data: null,
    });
    expect(readdirSync(path.join(rt.config.dataDir, 'uploads'))).toHaveLength(before);
    expect((await upload(rt, stranger.token, { bytes: pngImage() })).body.code).toBe(1);
    rt.clock.advance(3_600_000);
    expect((await upload(rt, busy.token, { bytes: pngImage() })).body.code).toBe(1);
  });

  it('counts uploads still in flight, so parallel requests cannot pass the cap together', async () => {
    const eager = await tradingClient(rt).realUser('0');
    for (let i = 0; i < UPLOADS_PER_HOUR - 2; i++) {
      expect((await upload(rt, eager.token, { bytes: pngImage() })).body.code).toBe(1);
    }
    const burst = await Promise.all(
      Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, () =>
        upload(rt, eager.token, { bytes: pngImage() }),
      ),
    );
    expect(burst.filter((r) => r.body.code === 1)).toHaveLength(2);
    expect(burst.filter((r) => r.body.code === 429)).toHaveLength(UPLOADS_IN_FLIGHT_PER_USER - 2);
  });

  it('takes exactly 30 of 40 uploads one user sends as many at once as are let in', async () => {
    const flooding = await tradingClient(rt).realUser('0');
    const answers = [];
    for (let wave = 0; wave < 40 / UPLOADS_IN_FLIGHT_PER_USER; wave++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, () =>
            upload(rt, flooding.token, { bytes: pngImage() }),
          ),
        )),
      );
    }
    expect(answers.filter((r) => r.body.code === 1)).toHaveLength(UPLOADS_PER_HOUR);
    expect(answers.filter((r) => r.body.code === 429)).toHaveLength(40 - UPLOADS_PER_HOUR);
    const rows = await rt.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_user_id', '=', flooding.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(UPLOADS_PER_HOUR);
  });

  it('refuses demo users with the spec message, and anonymous callers with 999', async () => {
    const demo = await tradingClient(rt).demoUser();
    expect((await upload(rt, demo.token, { bytes: pngImage() })).body).toEqual({
      code: 0,
      msg: 'Please register or log in to a real account',
      data: null,
    });
    expect((await upload(rt, undefined, { bytes: pngImage() })).body).toMatchObject({ code: 999 });
  });

  describe('reading a stored photo', () => {
    let url: string;
    beforeAll(async () => {
      url = (await upload(rt, owner.token, { bytes: jpegImage() })).body.data!.url;
    });

    it('serves it to its owner with headers that keep it an inert image', async () => {
      const res = await fetchFile(url, { authorization: owner.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline',
        'cache-control': 'private',
        // Without ALLOWED_ORIGINS, pages of the same site (the app on a sub-domain) may show it.
        'cross-origin-resource-policy': 'same-site',
      });
    });

    it("never takes a session token from the url, the owner's or staff's", async () => {
      const admin = await staffToken(rt, ['admin']);
      for (const token of [owner.token, admin]) {
        expect((await fetchFile(`${url}?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
      }
    });

    it('opens it by the signed link the back office is handed, for minutes, and only that file', async () => {
      const reverse = (await upload(rt, owner.token, { bytes: pngImage(4, 4) })).body.data!.url;
      const submitted = await callApi(rt, 'POST', '/api/user_real/real_name', owner.token, {
        name: 'Ana Lopez',
        card_id: 'x7654321',
        front_pic: url,
        reverse_pic: reverse,
      });
      expect(submitted.code).toBe(1);
      const compliance = await staffToken(rt, ['compliance']);
      const listed = await callApi<{ list: IdentitySubmission[] }>(
        rt,
        'GET',
        `/admin/api/identity?user_id=${owner.id}`,
        compliance,
      );
      const link = listed.data.list[0]!.front_pic;
      expect(link).toMatch(/^\/v1\/files\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=[\w-]{43}$/);
      const res = await fetchFile(link);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const other = (await upload(rt, owner.token, { bytes: pngImage(3, 3) })).body.data!.url;
      expect((await fetchFile(`${other}?${link.split('?')[1]}`)).statusCode).toBe(404);
      rt.clock.advance(11 * 60_000);
      expect((await fetchFile(link)).statusCode).toBe(404);
    });

    it('answers 404 to another user, to an anonymous request and to a dead token', async () => {
      const notFound = { code: 404, msg: 'There is no such file, or you may not open it', data: null };
      for (const headers of [{ authorization: stranger.token }, {}, { authorization: 'not-a-session' }]) {
        const res = await fetchFile(url, headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      const queried = await fetchFile(`${url}?token=${encodeURIComponent(stranger.token)}`);
      expect(queried.statusCode).toBe(404);
    });

    it('answers the same 404 for a name that does not exist or is not an upload name', async () => {
      for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fapp.db', 'app.db']) {
        const res = await fetchFile(`/v1/files/${name}`, { authorization: owner.token });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 404 });
      }
    });

    it('serves an identity photo to compliance and admin sessions only (staff-file-roles-api.test.ts)', async () => {
      for (const roles of [['compliance'], ['admin']] as const) {
        const token = await staffToken(rt, roles);
        expect((await fetchFile(url, { authorization: token })).statusCode).toBe(200);
      }
      for (const roles of [['finance'], ['support']] as const) {
        const token = await staffToken(rt, roles);
        expect((await fetchFile(url, { authorization: token })).statusCode).toBe(404);
      }
    });
  });

  it('does not accept multipart bodies on other routes', async () => {
    const { boundary, payload } = multipartBody([{ bytes: pngImage() }]);
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, lang: 'en' },
      payload,
    });
    expect(res.json()).toMatchObject({ code: 400 });
  });
});
