/**
 * The local upload folder when a write fails, through the HTTP layer on a real database: a write
 * that fails half-way (a full disk) leaves no temporary file and no record behind, so the answer
 * "nothing was changed" is true, and temporary files a dead process left are swept at start. A
 * request for a file reads its bytes only once it has been found allowed to, and the web apps of
 * ALLOWED_ORIGINS may show it. A request that does not arrive in time is cut off.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reencodeImage, type ImageReencoder } from '../src/adapters/images/image-reencode.ts';
import { LocalFolderStorage } from '../src/adapters/storage/local-folder-storage.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { upload } from './helpers/upload-helpers.ts';
import { callApi } from './helpers/staff-helpers.ts';

/** Bytes whose writing fails after the first chunk is on disk, as a disk that fills up does. */
function bytesOnAFullDisk(length: number): Buffer {
  const chunks = function* () {
    yield Buffer.alloc(64 * 1024, 7);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  return Object.assign(chunks(), { length }) as unknown as Buffer;
}

describe.each(databaseEngines())('the local upload folder on %s', (engine) => {
  let rt: TestRuntime;
  let diskFull = false;
  const reencode: ImageReencoder = async (bytes, type) => {
    const image = await reencodeImage(bytes, type);
    return image.ok && diskFull ? { ...image, bytes: bytesOnAFullDisk(200_000) } : image;
  };

  beforeAll(async () => {
    rt = await startTestRuntime({
      engine,
      env: { UPLOAD_STORAGE: 'local', ALLOWED_ORIGINS: 'https://app.broker.example' },
      reencodeImage: reencode,
    });
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const folder = () => path.join(rt.config.dataDir, 'uploads');
  const uploadRows = async () => (await rt.database.db.selectFrom('uploads').select('name').execute()).length;

  it('leaves no temporary file and no record when a write fails half-way', async () => {
    const user = await tradingClient(rt).realUser('0');
    expect((await upload(rt, user.token, { bytes: pngImage() })).body.code).toBe(1);
    const [files, rows] = [readdirSync(folder()), await uploadRows()];
    diskFull = true;
    try {
      const failed = await upload(rt, user.token, { bytes: pngImage(3, 3) });
      expect([failed.status, failed.body.code]).toEqual([500, 500]);
    } finally {
      diskFull = false;
    }
    expect(readdirSync(folder())).toEqual(files);
    expect(await uploadRows()).toBe(rows);
  });

  it('sweeps the temporary files a dead process left, and keeps the stored ones', async () => {
    const user = await tradingClient(rt).realUser('0');
    expect((await upload(rt, user.token, { bytes: pngImage(5, 5) })).body.code).toBe(1);
    const stored = readdirSync(folder());
    writeFileSync(path.join(folder(), '.tmp-0123456789abcdef'), Buffer.alloc(1000));
    rt = await rt.restart();
    expect(readdirSync(folder())).toEqual(stored);
  });

  it('reads a file only for a request that may open it', async () => {
    const [owner, stranger] = [await tradingClient(rt).realUser('0'), await tradingClient(rt).realUser('0')];
    const url = (await upload(rt, owner.token, { bytes: pngImage(6, 6) })).body.data!.url;
    const reads = vi.spyOn(LocalFolderStorage.prototype, 'get');
    try {
      const fetchFile = (query: string, headers: Record<string, string>) =>
        rt.app.inject({ method: 'GET', url: `${url}${query}`, headers: { lang: 'en', ...headers } });
      const refused = [
        await fetchFile('', {}),
        await fetchFile('', { authorization: stranger.token }),
        await fetchFile(`?exp=${Math.ceil(rt.clock.now() / 1000) + 600}&sig=${'A'.repeat(43)}`, {}),
      ];
      expect(refused.map((res) => res.statusCode)).toEqual([404, 404, 404]);
      expect(reads).not.toHaveBeenCalled();
      const opened = await fetchFile('', { authorization: owner.token });
      expect(opened.statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      // The web apps on ALLOWED_ORIGINS show it in an <img>; everything else stays same-origin.
      expect(opened.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const other = await rt.app.inject({ method: 'GET', url: '/healthz' });
      expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
    } finally {
      reads.mockRestore();
    }
  });

  it('deletes uploads never attached to anything after a day, bytes and row, and keeps the rest', async () => {
    const user = await tradingClient(rt).realUser('0');
    const nameOf = (url: string) => url.split('/').pop()!;
    const send = async (n: number) =>
      (await upload(rt, user.token, { bytes: pngImage(2, 2, [n, 50, 50]) })).body.data!.url;
    const [front, reverse, forgotten] = [await send(1), await send(2), await send(3)];
    const submitted = await callApi(rt, 'POST', '/api/user_real/real_name', user.token, {
      name: 'Ana Lopez',
      card_id: 'x7654321',
      front_pic: front,
      reverse_pic: reverse,
    });
    expect(submitted.code).toBe(1);
    rt.clock.advance(23 * 3_600_000);
    const recent = await send(4);
    rt.clock.advance(2 * 3_600_000);
    const deleted = await rt.housekeeping.runNow();
    expect(deleted.unattachedUploads).toBeGreaterThanOrEqual(1);
    const rows = (await rt.database.db.selectFrom('uploads').select('name').execute()).map((r) => r.name);
    const files = readdirSync(folder());
    const kept = (url: string) => [rows.includes(nameOf(url)), files.includes(nameOf(url))];
    expect([front, reverse, recent, forgotten].map(kept)).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, false],
    ]);
  });

  it('cuts off a request whose body trickles in slower than REQUEST_TIMEOUT_S allows', async () => {
    rt = await rt.restart({ REQUEST_TIMEOUT_S: '1' });
    const user = await tradingClient(rt).realUser('0');
    await rt.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = rt.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    // The first line of whatever the server answers; empty if it closes without a word.
    const answer = new Promise<string>((resolve) => {
      socket.once('data', (chunk) => resolve(chunk.toString().split('\r\n')[0]!));
      socket.once('close', () => resolve(''));
    });
    // Headers that promise a body, then one byte of it, then nothing more.
    socket.write(
      'POST /api/common/image_upload HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: ${user.token}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
        'Content-Length: 1000\r\n\r\n-',
    );
    try {
      expect(await answer).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      socket.destroy();
    }
  });
});
