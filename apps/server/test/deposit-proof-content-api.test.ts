/**
 * One proof of payment backs one live deposit by its content, not its name: the same picture sent
 * again under another name, the stored copy downloaded and sent again, or the same screenshot sent
 * by another account is refused while a deposit waiting or credited has it, and the refusal of
 * another account's proof does not say whose. A rejected deposit's picture may back a new report.
 * Two reports raced with the same picture: exactly one is filed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctPng, moneyClient, uploadImage, type DepositRecord } from './helpers/money-helpers.ts';
import { staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const ELSEWHERE = {
  code: 0,
  msg: 'This proof of payment already backs another deposit: upload the proof of this transfer',
  data: null,
};
const usedBy = (id: number) => ({
  code: 0,
  msg: `This proof of payment already backs deposit #${id}: upload the proof of this transfer`,
  data: null,
});

describe.each(databaseEngines())('deposit proofs by content on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;
  let finance: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    m = moneyClient(rt);
    finance = await staffToken(rt, ['finance']);
  });
  afterAll(() => rt.dispose());

  /** Uploads `bytes` as `filename` and reports a deposit with it; the envelope of the report. */
  async function depositWith(token: string, bytes: Buffer, filename = 'proof.png') {
    const proof = await uploadImage(rt, token, bytes, filename);
    expect(proof.code).toBe(1);
    return m.post<DepositRecord>('/api/quickCharge/submit', token, {
      number: '20',
      proofImg: proof.data.url,
      charge_id: 1,
    });
  }

  it('refuses the same picture again, under another name or downloaded and sent again', async () => {
    const { token } = await t.realUser('0');
    const picture = distinctPng();
    const first = await depositWith(token, picture, 'transfer.png');
    expect(first.code).toBe(1);
    expect(await depositWith(token, picture, 'transfer-again.png')).toEqual(usedBy(first.data.id));

    // The stored copy (encoded again by the server) sent back as a new upload is the same proof.
    const proofs = await m.get<{ list: Array<{ proof_img: string }> }>('/api/quickCharge/quick_ist', token);
    const link = proofs.data.list[0]!.proof_img;
    const stored = await rt.app.inject({ method: 'GET', url: link.replace(/^https?:\/\/[^/]+/, '') });
    expect(stored.statusCode).toBe(200);
    expect(await depositWith(token, stored.rawPayload, 'downloaded.png')).toEqual(usedBy(first.data.id));

    // Credited, it still backs that deposit alone; another picture is another proof.
    expect(await m.post(`/admin/api/deposits/${first.data.id}/approve`, finance)).toMatchObject({ code: 1 });
    expect(await depositWith(token, picture, 'later.png')).toEqual(usedBy(first.data.id));
    expect((await depositWith(token, distinctPng())).code).toBe(1);
  });

  it('refuses another account’s proof without naming its deposit, until that one is rejected', async () => {
    const owner = await t.realUser('0');
    const other = await t.realUser('0');
    const picture = distinctPng();
    const first = await depositWith(owner.token, picture);
    expect(first.code).toBe(1);
    const refused = await depositWith(other.token, picture, 'mine.png');
    expect(refused).toEqual(ELSEWHERE);
    expect(refused.msg).not.toContain(String(first.data.id));

    // A rejected deposit's picture may back a report again (the transfer was never credited).
    expect(
      await m.post(`/admin/api/deposits/${first.data.id}/reject`, finance, { remark: 'Not received' }),
    ).toMatchObject({ code: 1 });
    const again = await depositWith(other.token, picture, 'mine.png');
    expect(again.code).toBe(1);
    // Now it backs the other account's waiting deposit, and the first owner is refused in turn.
    expect(await depositWith(owner.token, picture)).toEqual(ELSEWHERE);
  });

  it('files exactly one of two reports raced with the same picture, by one account or by two', async () => {
    const one = await t.realUser('0');
    const two = await t.realUser('0');
    for (const [a, b] of [
      [one.token, one.token],
      [one.token, two.token],
    ] as const) {
      const picture = distinctPng();
      const [urlA, urlB] = await Promise.all(
        [a, b].map(async (token) => (await uploadImage(rt, token, picture)).data.url),
      );
      const reports = await Promise.all(
        [
          [a, urlA],
          [b, urlB],
        ].map(([token, url]) =>
          m.post<DepositRecord>('/api/quickCharge/submit', token!, {
            number: '5',
            proofImg: url,
            charge_id: 1,
          }),
        ),
      );
      expect(reports.map((report) => report.code).sort()).toEqual([0, 1]);
    }
  });
});
