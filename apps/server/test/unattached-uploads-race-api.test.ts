/**
 * Housekeeping deletes uploads left unattached for a day, while a user may attach one at that very
 * moment. The two are exclusive: a record written after the deletion listed its candidates keeps
 * its upload (rows and bytes), and a record whose upload was deleted after it was checked is not
 * written (the insert finds the row gone), so no record ever names a deleted file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '@omp/engine';
import { chooseFileStorage } from '../src/adapters/storage/choose-file-storage.ts';
import { IdentityRepository } from '../src/repositories/identity-repository.ts';
import { MoneyRepository } from '../src/repositories/money-repository.ts';
import { UploadGoneError, UploadRepository } from '../src/repositories/upload-repository.ts';
import { FileLinks } from '../src/security/file-links.ts';
import { InProcessKeyedLocks } from '../src/services/keyed-locks.ts';
import { UploadService } from '../src/services/upload-service.ts';
import { moneyClient, uploadImage, type DepositRecord } from './helpers/money-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('unattached uploads and attaching on %s', (engine) => {
  let rt: TestRuntime;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(() => rt.dispose());

  /** The upload service over the runtime's database and store, with `repository` in front. */
  async function uploadsOver(repository: UploadRepository) {
    return new UploadService({
      repository,
      storage: await chooseFileStorage(rt.config, rt.database.db),
      links: new FileLinks({ secret: 'k'.repeat(32), ttlMs: 60_000, now: rt.clock.now }),
      now: rt.clock.now,
      locks: new InProcessKeyedLocks(),
    });
  }

  it('keeps an upload a deposit names after the deletion listed it, and deletes the forgotten one', async () => {
    const m = moneyClient(rt);
    const { token } = await tradingClient(rt).realUser('0');
    const proof = (await uploadImage(rt, token)).data.url;
    const forgotten = (await uploadImage(rt, token)).data.url;
    rt.clock.advance(MS_PER_DAY + 3_600_000);

    let filed: DepositRecord | undefined;
    // The deposit is filed between the listing of the day-old uploads and their deletion.
    class AttachedMeanwhile extends UploadRepository {
      override async unattachedBefore(beforeMs: number, limit: number): Promise<string[]> {
        const names = await super.unattachedBefore(beforeMs, limit);
        const report = await m.post<DepositRecord>('/api/quickCharge/submit', token, {
          number: '10',
          proofImg: proof,
          charge_id: 1,
        });
        expect(report.code).toBe(1);
        filed = report.data;
        return names;
      }
    }
    const uploads = await uploadsOver(new AttachedMeanwhile(rt.database.db));
    expect(await uploads.deleteUnattached(rt.clock.now() - MS_PER_DAY, 100)).toBe(1);

    const open = (url: string) =>
      rt.app.inject({
        method: 'GET',
        url: url.replace(/^https?:\/\/[^/]+/, ''),
        headers: { authorization: token },
      });
    expect((await open(filed!.proof_img)).statusCode).toBe(200);
    expect((await open(proof)).statusCode).toBe(200);
    expect((await open(forgotten)).statusCode).toBe(404);
  });

  it('writes no deposit and no identity submission whose upload is gone by the insert', async () => {
    const { id } = await tradingClient(rt).realUser('0');
    const gone = `${'0'.repeat(32)}.png`;
    const deposit = new MoneyRepository(rt.database.db).insertDeposit(
      {
        user_id: id,
        type: 0,
        channel_id: 1,
        currency_code: 'USDT',
        network: '',
        address: '',
        amount: 1_000_000n,
        sent_amount: 1_000_000n,
        usd_price: '1',
        proof_pic: gone,
        status: 0,
        created_at: rt.clock.now(),
      },
      (row) => row.id,
    );
    await expect(deposit).rejects.toBeInstanceOf(UploadGoneError);
    const identity = new IdentityRepository(rt.database.db).insertWaiting({
      userId: id,
      name: 'Ada Lovelace',
      cardType: 'passport',
      cardId: 'X1234567',
      frontPic: gone,
      reversePic: '',
      createdAt: rt.clock.now(),
    });
    await expect(identity).rejects.toBeInstanceOf(UploadGoneError);
    const written = await rt.database.db
      .selectFrom('deposits')
      .select('id')
      .where('proof_pic', '=', gone)
      .unionAll(rt.database.db.selectFrom('identity_submissions').select('id').where('front_pic', '=', gone))
      .execute();
    expect(written).toEqual([]);
  });
});
