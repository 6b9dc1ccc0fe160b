/**
 * The upload form read part by part: text fields beside the image, and the image sent as text.
 * Each refusal names what is wrong, and nothing is stored or counted for a refused form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from './helpers/image-fixtures.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const BOUNDARY = '----omp-form';

/** A text part, and a file part (one with a filename). */
const textPart = (name: string, value: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const filePart = (bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);

describe.each(databaseEngines())('the upload form on %s', (engine) => {
  let rt: TestRuntime;
  let owner: { token: string; id: number };

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    owner = await tradingClient(rt).realUser('0');
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const send = async (...parts: Buffer[]) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: {
        lang: 'en',
        authorization: owner.token,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    });
    return res.json() as { code: number; msg: string; data: unknown };
  };
  const stored = async () =>
    Number(
      (
        await rt.database.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_user_id', '=', owner.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes short text fields beside the image', async () => {
    const answer = await send(textPart('note', 'x'.repeat(1024)), filePart(pngImage()));
    expect(answer).toMatchObject({ code: 1 });
  });

  it('refuses a text field longer than the form takes, not cut short and passed', async () => {
    const before = await stored();
    expect(await send(textPart('note', 'x'.repeat(1025)), filePart(pngImage()))).toEqual({
      code: 422,
      msg: 'note is too long: at most 1024 characters',
      data: null,
    });
    expect(await send(textPart('n'.repeat(5000), 'x'), filePart(pngImage()))).toEqual({
      code: 422,
      msg: `${'n'.repeat(20)}… is too long: at most 100 characters`,
      data: null,
    });
    expect(await stored()).toBe(before);
  });

  it('says the image is missing when it comes as text, without a filename, whatever its bytes', async () => {
    const missing = { code: 422, msg: 'Please choose an image to upload (form field file)', data: null };
    // A PNG's bytes read as text are not UTF-8: still the image missing, not a broken character.
    expect(await send(textPart('file', pngImage()))).toEqual(missing);
    expect(await send(textPart('file', 'hello'))).toEqual(missing);
    expect(await send(textPart('file', 'hello'), filePart(pngImage()))).toEqual(missing);
  });
});
