/**
 * The work an upload may cost, through the HTTP layer on a real database: what is stored is bounded
 * like what is sent, the hourly cap is charged before any image is decoded, and re-encodes beyond
 * the process' limit are refused as busy. The re-encoder is the real one with a counter and a gate
 * in front, so the tests see how often it ran and can hold it mid-way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reencodeImage, type ImageReencoder } from '../src/adapters/images/image-reencode.ts';
import { UPLOAD_MAX_BYTES, UPLOADS_PER_HOUR } from '../src/services/upload-service.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { upload } from './helpers/upload-helpers.ts';

const TOO_LARGE = { code: 413, msg: 'The image is too large: at most 5 MB', data: null };
const BUSY = {
  code: 429,
  msg: 'The server is busy processing images. Please try again in a minute.',
  data: null,
};

const UNREADABLE =
  'The image could not be read: it may be damaged or incomplete. Please choose or take it again';

describe.each(databaseEngines())('the work of uploads on %s', (engine) => {
  let rt: TestRuntime;
  /** Calls of the re-encoder, and how many run at this moment. */
  let calls = 0;
  let running = 0;
  let mostAtOnce = 0;
  /** Set: each re-encode waits for it before it starts. */
  let gate: Promise<void> | undefined;
  /** Set: what the re-encoder answers instead of the real image. */
  let grownTo: number | undefined;
  /** Set: the re-encoder answers as sharp stopped at its timeout (IMAGE_TIMEOUT_S). */
  let timesOut = false;

  const reencode: ImageReencoder = async (bytes, type) => {
    calls++;
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      await gate;
      if (timesOut) return { ok: false, reason: 'timed_out' } as const;
      const image = await reencodeImage(bytes, type);
      // An image that grows in re-encoding, as a small lossless file of noise does.
      return image.ok && grownTo ? { ...image, bytes: Buffer.alloc(grownTo, 1) } : image;
    } finally {
      running--;
    }
  };

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      // The database store caps each file at 16 MiB: the one an oversized image used to fail in.
      env: { UPLOAD_STORAGE: 'database' },
      reencodeImage: reencode,
      imageWork: { concurrent: 1, queued: 1 },
    });
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const rowsOf = async (table: 'uploads' | 'stored_files') =>
    (await rt.database.db.selectFrom(table).select('name').execute()).length;

  it.each([
    ['larger than the upload cap', UPLOAD_MAX_BYTES + 1],
    ['larger than the database keeps', 17 * 1024 * 1024],
  ])('refuses with 413 an image that comes out of re-encoding %s, and stores nothing', async (_, size) => {
    const user = await tradingClient(rt).realUser('0');
    const before = [await rowsOf('uploads'), await rowsOf('stored_files')];
    grownTo = size;
    try {
      const res = await upload(rt, user.token, { bytes: pngImage(8, 8) });
      expect([res.status, res.body]).toEqual([413, TOO_LARGE]);
    } finally {
      grownTo = undefined;
    }
    expect([await rowsOf('uploads'), await rowsOf('stored_files')]).toEqual(before);
  });

  it('refuses a user at the hourly cap before decoding anything, and counts images that fail to decode', async () => {
    const user = await tradingClient(rt).realUser('0');
    const whole = pngImage(64, 64);
    const truncated = await upload(rt, user.token, { bytes: whole.subarray(0, whole.length - 20) });
    expect(truncated.body).toEqual({ code: 422, msg: UNREADABLE, data: null });
    for (let i = 1; i < UPLOADS_PER_HOUR; i++) {
      expect((await upload(rt, user.token, { bytes: pngImage(2, 2, [i, 0, 0]) })).body.code).toBe(1);
    }
    const decoded = calls;
    const refused = await upload(rt, user.token, { bytes: pngImage(4000, 4000) });
    expect([refused.status, refused.body.code]).toEqual([429, 429]);
    expect(calls).toBe(decoded);
  });

  it('runs one re-encode at a time here, queues one more and refuses the next as busy', async () => {
    const user = await tradingClient(rt).realUser('0');
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const sent = [1, 2, 3].map((n) => upload(rt, user.token, { bytes: pngImage(2, 2, [n, 9, 9]) }));
    try {
      const first = await Promise.race(sent);
      expect([first.status, first.body]).toEqual([429, BUSY]);
      expect(running).toBe(1);
    } finally {
      open();
      gate = undefined;
    }
    const answers = await Promise.all(sent);
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 1, 429]);
    expect(mostAtOnce).toBe(1);
    // The busy refusal gave its place in the hourly cap back.
    const attempts = await rt.database.db
      .selectFrom('upload_attempts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(attempts).toHaveLength(2);
  });

  it('refuses an image whose re-encoding ran out of time with a message, not a fault, and counts it', async () => {
    const user = await tradingClient(rt).realUser('0');
    const before = await rowsOf('uploads');
    timesOut = true;
    try {
      const res = await upload(rt, user.token, { bytes: pngImage(8, 8) });
      expect([res.status, res.body]).toEqual([
        200,
        {
          code: 422,
          msg: 'The image took too long to process. Please send a smaller or simpler picture',
          data: null,
        },
      ]);
    } finally {
      timesOut = false;
    }
    expect(await rowsOf('uploads')).toBe(before);
    const attempts = await rt.database.db
      .selectFrom('upload_attempts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(attempts).toHaveLength(1);
  });
});
