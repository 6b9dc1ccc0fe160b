/**
 * Storage of deposits, withdrawals, payout methods and the channels and currencies staff
 * configure. Status changes are conditional updates (`… WHERE status = <expected>`), so a record
 * leaves a state once, whatever races.
 */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { DepositStatus } from '@omp/protocol';
import type {
  ChargeNetworkTable,
  Database,
  DepositRateTable,
  DepositTable,
  DrawMethodTable,
  WireBankTable,
  WithdrawalTable,
  WithdrawCurrencyTable,
} from '../db/schema.ts';
import { decodeRow, toBigInt, toInt, type Decoded } from '../db/values.ts';
import { recordOf, type IdempotentRequest } from '../services/idempotency.ts';
import { insertIdempotencyRecord } from './idempotency-repository.ts';
import { holdUploads } from './upload-repository.ts';

export type ChargeNetwork = Decoded<Selectable<ChargeNetworkTable>>;
export type WireBank = Decoded<Selectable<WireBankTable>>;
export type WithdrawCurrency = Decoded<Selectable<WithdrawCurrencyTable>>;
export type DepositRate = Decoded<Selectable<DepositRateTable>>;
/**
 * A deposit; `amount` in micro-dollars, `sent_amount` and `received_amount` (null until staff
 * confirm it) in micro-units of its currency.
 */
export type Deposit = Omit<Decoded<Selectable<DepositTable>, 'amount' | 'sent_amount'>, 'received_amount'> & {
  received_amount: bigint | null;
};
/** A withdrawal; `amount` and `fee` in micro-dollars. */
export type Withdrawal = Decoded<Selectable<WithdrawalTable>, 'amount' | 'fee'>;
export type DrawMethod = Decoded<Selectable<DrawMethodTable>>;

const plain = <Row extends object>(row: Row) => decodeRow(row);
const deposit = (row: Selectable<DepositTable>): Deposit => ({
  ...decodeRow(row, ['amount', 'sent_amount']),
  received_amount: row.received_amount == null ? null : toBigInt(row.received_amount),
});
const withdrawal = (row: Selectable<WithdrawalTable>): Withdrawal => decodeRow(row, ['amount', 'fee']);

type Db = Kysely<Database> | Transaction<Database>;

export interface RecordFilter {
  userId?: number;
  type?: number;
  status?: number;
  /** Created from (inclusive) and before (exclusive), ms. */
  fromMs?: number;
  toMs?: number;
}

/**
 * The tables of payment configuration staff edit: deposit channels, banks, the rates deposits in
 * other currencies are credited at, withdrawal currencies.
 */
export type PaymentConfigTable = 'charge_networks' | 'wire_banks' | 'deposit_rates' | 'withdraw_currencies';

export class MoneyRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** A payment configuration row (channel, bank, currency) added by staff; its id. */
  async insertConfig(trx: Transaction<Database>, table: PaymentConfigTable, values: Record<string, unknown>) {
    const row = await trx
      .insertInto(table)
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(row.id);
  }

  /** Changes a payment configuration row; its values before, or undefined when there is none. */
  async updateConfig(
    trx: Transaction<Database>,
    table: PaymentConfigTable,
    id: number,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    // The three tables share an integer id; one concrete name keeps the query builder typed.
    const name = table as 'charge_networks';
    const before = await trx.selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return undefined;
    await trx.updateTable(name).set(values).where('id', '=', id).execute();
    return plain(before);
  }

  /** Runs the work in one transaction: a staff decision with its audit row. */
  inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async chargeNetworks(includeDisabled = false): Promise<ChargeNetwork[]> {
    let query = this.db.selectFrom('charge_networks').selectAll().orderBy('sort').orderBy('id');
    if (!includeDisabled) query = query.where('enabled', '=', 1);
    return (await query.execute()).map(plain);
  }

  async chargeNetwork(id: number): Promise<ChargeNetwork | undefined> {
    const row = await this.db
      .selectFrom('charge_networks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && plain(row);
  }

  async wireBanks(bankCoin?: string, includeDisabled = false): Promise<WireBank[]> {
    let query = this.db.selectFrom('wire_banks').selectAll().orderBy('id');
    if (!includeDisabled) query = query.where('enabled', '=', 1);
    if (bankCoin) query = query.where('bank_coin', '=', bankCoin.toUpperCase());
    return (await query.execute()).map(plain);
  }

  async wireBank(id: number): Promise<WireBank | undefined> {
    const row = await this.db.selectFrom('wire_banks').selectAll().where('id', '=', id).executeTakeFirst();
    return row && plain(row);
  }

  async depositRates(): Promise<DepositRate[]> {
    const rows = await this.db.selectFrom('deposit_rates').selectAll().orderBy('currency_code').execute();
    return rows.map(plain);
  }

  /** The rate deposits in this currency are credited at, or undefined when staff set none. */
  async depositRate(currencyCode: string): Promise<DepositRate | undefined> {
    const row = await this.db
      .selectFrom('deposit_rates')
      .selectAll()
      .where('currency_code', '=', currencyCode.toUpperCase())
      .executeTakeFirst();
    return row && plain(row);
  }

  async withdrawCurrencies(type?: number, includeDisabled = false): Promise<WithdrawCurrency[]> {
    let query = this.db.selectFrom('withdraw_currencies').selectAll().orderBy('id');
    if (!includeDisabled) query = query.where('enabled', '=', 1);
    if (type !== undefined) query = query.where('type', '=', type);
    return (await query.execute()).map(plain);
  }

  async withdrawCurrency(id: number): Promise<WithdrawCurrency | undefined> {
    const row = await this.db
      .selectFrom('withdraw_currencies')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && plain(row);
  }

  /**
   * Inserts a deposit and answers `answerOf(row)`; for a call with an idempotency key, that answer
   * is stored in the same transaction, so a retry replays exactly it.
   */
  async insertDeposit<T>(
    values: Insertable<DepositTable>,
    answerOf: (row: Deposit) => T,
    idempotent?: IdempotentRequest,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      // The proof may have been deleted as unattached since it was checked (UploadGoneError).
      await holdUploads(trx, [values.proof_pic]);
      const row = await trx.insertInto('deposits').values(values).returningAll().executeTakeFirstOrThrow();
      const answer = answerOf(deposit(row));
      if (idempotent) await insertIdempotencyRecord(trx, recordOf(idempotent, answer), toInt(row.created_at));
      return answer;
    });
  }

  /** The id of the user's deposit, waiting or credited, whose proof of payment is `proof`. */
  async liveDepositWithProof(userId: number, proof: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', userId)
      .where('proof_pic', '=', proof)
      .where('status', 'in', [DepositStatus.unchecked, DepositStatus.completed])
      .executeTakeFirst();
    return row && toInt(row.id);
  }

  /**
   * A deposit, waiting or credited, whose proof has one of these digests as its stored or sent
   * bytes: the user's own first (`own`), else anyone's. The same picture under another name, or
   * downloaded and sent again, is the same proof.
   */
  async liveDepositWithProofContent(
    userId: number,
    digests: readonly string[],
  ): Promise<{ id: number; own: boolean } | undefined> {
    if (digests.length === 0) return undefined;
    const query = this.db
      .selectFrom('uploads as u')
      .innerJoin('deposits as d', 'd.proof_pic', 'u.name')
      .select('d.id')
      .where((eb) => eb.or([eb('u.sha256', 'in', [...digests]), eb('u.original_sha256', 'in', [...digests])]))
      .where('d.status', 'in', [DepositStatus.unchecked, DepositStatus.completed])
      .orderBy('d.id')
      .limit(1);
    const own = await query.where('d.user_id', '=', userId).executeTakeFirst();
    if (own) return { id: toInt(own.id), own: true };
    const other = await query.executeTakeFirst();
    return other && { id: toInt(other.id), own: false };
  }

  async deposit(id: number): Promise<Deposit | undefined> {
    const row = await this.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
    return row && deposit(row);
  }

  async depositsPage(
    filter: RecordFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: Deposit[]; total: number }> {
    const { rows, total } = await this.recordsPage('deposits', filter, offset, limit);
    return { rows: rows.map(deposit), total };
  }

  /**
   * Moves a deposit out of `unchecked`; false when it already left it. An approval records what
   * arrived (micro-units of the deposit's currency) and the micro-dollars it credits.
   */
  async decideDeposit(
    db: Db,
    id: number,
    status: number,
    remark: string | null,
    staffId: number,
    atMs: number,
    arrived?: { received: bigint; credited: bigint },
  ) {
    const result = await db
      .updateTable('deposits')
      .set({
        status,
        remark,
        reviewed_by: staffId,
        reviewed_at: atMs,
        ...(arrived === undefined ? {} : { received_amount: arrived.received, amount: arrived.credited }),
      })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async maxWithdrawalId(): Promise<number> {
    const row = await this.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return row?.max == null ? 0 : toInt(row.max);
  }

  insertWithdrawal(db: Db, values: Insertable<WithdrawalTable>) {
    return db.insertInto('withdrawals').values(values).execute();
  }

  async withdrawal(id: number): Promise<Withdrawal | undefined> {
    const row = await this.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    return row && withdrawal(row);
  }

  async withdrawalsPage(
    filter: RecordFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: Withdrawal[]; total: number }> {
    // The two tables share user_id, type, status and id; one concrete name keeps the builder typed.
    const { rows, total } = await this.recordsPage('withdrawals' as 'deposits', filter, offset, limit);
    return { rows: (rows as unknown as Selectable<WithdrawalTable>[]).map(withdrawal), total };
  }

  async decideWithdrawal(
    db: Db,
    id: number,
    status: number,
    remark: string | null,
    staffId: number,
    atMs: number,
  ) {
    const result = await db
      .updateTable('withdrawals')
      .set({ status, remark, reviewed_by: staffId, reviewed_at: atMs })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Σ amounts of a user's withdrawals under review: the money held for them. */
  async heldByWithdrawals(userId: number): Promise<bigint> {
    const row = await this.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum('amount').as('sum'))
      .where('user_id', '=', userId)
      .where('status', '=', 0)
      .executeTakeFirst();
    return toBigInt(String(row?.sum ?? 0));
  }

  async drawMethods(userId: number, type?: number, currencyId?: number): Promise<DrawMethod[]> {
    let query = this.db
      .selectFrom('draw_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc');
    if (type !== undefined) query = query.where('type', '=', type);
    if (currencyId !== undefined) query = query.where('draw_currency_id', '=', currencyId);
    return (await query.execute()).map(plain);
  }

  async drawMethod(userId: number, id: number): Promise<DrawMethod | undefined> {
    const row = await this.db
      .selectFrom('draw_methods')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && plain(row);
  }

  async insertDrawMethod(values: Insertable<DrawMethodTable>): Promise<number> {
    const row = await this.db
      .insertInto('draw_methods')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(row.id);
  }

  async deleteDrawMethod(userId: number, id: number, atMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('draw_methods')
      .set({ deleted_at: atMs })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async recordsPage(table: 'deposits', filter: RecordFilter, offset: number, limit: number) {
    let query = this.db.selectFrom(table);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('created_at', '<', filter.toMs);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: toInt((count?.n as number | bigint | string) ?? 0) };
  }
}
