/**
 * An upload is admitted before its body is read: one user's uploads in flight in a process are
 * few, and a user who used up the hourly cap is refused without sending megabytes first. The
 * re-encoder is the real one with a gate in front, so uploads can be held while they are worked on.
 */
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reencodeImage, type ImageReencoder } from '../src/adapters/images/image-reencode.ts';
import { UPLOADS_IN_FLIGHT_PER_USER, UPLOADS_PER_HOUR } from '../src/services/upload-service.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { multipartBody, upload } from './helpers/upload-helpers.ts';

describe.each(databaseEngines())('admitting uploads on %s', (engine) => {
  let rt: TestRuntime;
  let running = 0;
  /** Set: each re-encode waits for it before it starts. */
  let gate: Promise<void> | undefined;

  const reencode: ImageReencoder = async (bytes, type) => {
    running++;
    try {
      await gate;
      return await reencodeImage(bytes, type);
    } finally {
      running--;
    }
  };

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      reencodeImage: reencode,
      // Room for the uploads held here, one user's and another's, and for no more.
      imageWork: { concurrent: UPLOADS_IN_FLIGHT_PER_USER + 1, queued: 0 },
    });
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  it('refuses one more upload of a user while four are under way, and takes it once they are done', async () => {
    const user = await tradingClient(rt).realUser('0');
    const other = await tradingClient(rt).realUser('0');
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const held: Promise<{ body: { code: number } }>[] = [];
    try {
      held.push(
        ...Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, (_, n) =>
          upload(rt, user.token, { bytes: pngImage(2, 2, [n, 1, 1]) }),
        ),
      );
      await vi.waitFor(() => expect(running).toBe(UPLOADS_IN_FLIGHT_PER_USER));
      // Another user's upload is not held back by this one's.
      held.push(upload(rt, other.token, { bytes: pngImage(2, 2, [8, 1, 1]) }));
      await vi.waitFor(() => expect(running).toBe(UPLOADS_IN_FLIGHT_PER_USER + 1));
      const refused = await upload(rt, user.token, { bytes: pngImage(2, 2, [9, 1, 1]) });
      expect([refused.status, refused.body]).toEqual([
        429,
        { code: 429, msg: 'You are already sending 4 images. Please wait until they are done.', data: null },
      ]);
    } finally {
      open();
      gate = undefined;
    }
    const answers = await Promise.all(held);
    expect(answers.map((a) => a.body.code)).toEqual(answers.map(() => 1));
    expect((await upload(rt, user.token, { bytes: pngImage(2, 2, [9, 1, 1]) })).body.code).toBe(1);
  });

  it('gives the places of uploads whose senders went away back', async () => {
    const user = await tradingClient(rt).realUser('0');
    await rt.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = rt.app.server.address() as AddressInfo;
    // Uploads that start their body and then send nothing more, until their sockets are closed.
    const stalled = Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        'POST /api/common/image_upload HTTP/1.1\r\nHost: localhost\r\n' +
          `Authorization: ${user.token}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
          'Content-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n',
      );
      return socket;
    });
    try {
      await vi.waitFor(() => expect(rt.uploads.inFlightOf(user.id)).toBe(UPLOADS_IN_FLIGHT_PER_USER), {
        timeout: 20_000,
      });
      const refused = await upload(rt, user.token, { bytes: pngImage() });
      expect(refused.body.msg).toBe('You are already sending 4 images. Please wait until they are done.');
    } finally {
      for (const socket of stalled) socket.destroy();
    }
    await vi.waitFor(() => expect(rt.uploads.inFlightOf(user.id)).toBe(0), { timeout: 20_000 });
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_IN_FLIGHT_PER_USER }, (_, n) =>
        upload(rt, user.token, { bytes: pngImage(2, 2, [n, 7, 7]) }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(answers.map(() => 1));
  });

  it('refuses a user who used up the hourly cap before reading the body', async () => {
    const user = await tradingClient(rt).realUser('0');
    await rt.database.db
      .insertInto('upload_attempts')
      .values(Array.from({ length: UPLOADS_PER_HOUR }, () => ({ user_id: user.id, at: rt.clock.now() })))
      .execute();
    // A body that ends before its form does: read, it would be refused as malformed (400).
    const { boundary, payload } = multipartBody([{ bytes: pngImage() }]);
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: {
        lang: 'en',
        authorization: user.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect([res.statusCode, res.json()]).toEqual([
      429,
      { code: 429, msg: 'You have uploaded 30 images in the last hour. Please try again later.', data: null },
    ]);
  });
});
