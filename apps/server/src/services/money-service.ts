/**
 * Money in and out (packages/engine/SPEC.md "Money in and out"): deposits wait for staff;
 * withdrawals hold their amount at once through the trading engine (only free margin can leave,
 * decided in the same synchronous step as every order, so racing requests cannot overdraw), and the
 * record is written in the same transaction as the hold. Staff decisions move a record out of its
 * waiting state once: an in-process guard stops two clicks at the same moment, and a conditional
 * UPDATE in the same transaction as the ledger row backs it up.
 */
import { parseMicros, receivedAmount, withdrawalFee, withdrawalRuleFault } from '@omp/engine';
import { WithdrawalStatus } from '@omp/protocol';
import { changedValues, type AuditEntry } from '../repositories/audit-repository.ts';
import { invalid, notFound, refused } from '../domain/errors.ts';
import { DepositDesk, type DepositInput } from './deposit-desk.ts';
import { amountOf } from './money-amounts.ts';
import type {
  Deposit,
  MoneyRepository,
  PaymentConfigTable,
  Withdrawal,
  WithdrawCurrency,
} from '../repositories/money-repository.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { IdempotentRequest } from './idempotency.ts';
import type { SettingsService } from './settings-service.ts';
import type { TradingUser } from '../inputs/trading-inputs.ts';
import type { TradingService } from './trading-service.ts';
import { OwnerCalls } from './owner-calls.ts';
import { toWithdrawal } from '../wire/money-wire.ts';
import type { Language } from '@omp/protocol';
import { isUniqueViolation, type DbOrTx, type Tx } from '../repositories/unit-of-work.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import type { UploadRecord } from '../repositories/upload-repository.ts';
import { noticeTime, type SecurityNotices } from './security-notices.ts';
import { bindDrawMethod, type DrawMethodInput } from './payout-methods.ts';
import { payoutCoolingMs, usableFromMs } from './payout-cooling.ts';

export type { PaymentConfigTable };
export { amountOf };

export interface MoneyServiceOptions {
  repository: MoneyRepository;
  trading: TradingService;
  settings: SettingsService;
  /** The canonical name of an upload that belongs to the user, or undefined. */
  uploadOwnedBy: (nameOrUrl: string, userId: number) => Promise<UploadRecord | undefined>;
  isIdentityCertified: (userId: number) => Promise<boolean>;
  /** Staff froze the user's withdrawals (a compliance hold). */
  areWithdrawalsFrozen: (userId: number) => Promise<boolean>;
  /** Refuses a withdrawal without a right authenticator code when the user turned two-step sign-in on. */
  checkSecondFactor?: (userId: number, code: string | undefined, ip: string) => Promise<void>;
  writeAudit: (db: DbOrTx, entry: AuditEntry) => Promise<void>;
  /** Where staff decisions are announced once committed (`money_decided`). */
  events?: Pick<EventBus, 'publish'>;
  now: () => number;
  /** Where balance changes and staff decisions run: on the book's owner (owner-calls.ts). */
  calls?: OwnerCalls;
  /** Tells the user a payout method was bound to their account. */
  notices?: Pick<SecurityNotices, 'tellUser'>;
  /** Checks that must not interleave on any node (one proof of payment, one live deposit). */
  locks: KeyedLocks;
}

interface WithdrawalInput {
  drawCurrencyId: number;
  drawMethodId: number;
  number: string;
  memo?: string | undefined;
  /** The authenticator code, for a user with two-step sign-in on. */
  secondFactorCode?: string | undefined;
  /** Where the request came from: a wrong code counts as a failed login from there. */
  ip?: string | undefined;
}

type DepositDecision = Parameters<DepositDesk['decideDeposit']>;

interface WithdrawalDecision {
  staffId: number;
  id: number;
  decision: 'approve' | 'reject';
  remark: string | null;
}

/** A withdrawal currency's fee, payout rate and minimum as the arithmetic can apply them exactly. */
function checkWithdrawalRule(row: Record<string, unknown>): void {
  const fault = withdrawalRuleFault(currencyRuleOf(row));
  if (fault) throw invalid(`money.withdraw_rule_${fault}`);
}

const currencyRuleOf = (row: Record<string, unknown>) => ({
  feeType: Number(row.fee_type),
  drawRate: String(row.draw_rate ?? ''),
  usdPrice: String(row.usd_price ?? ''),
  minAmount: row.min_amount === undefined || row.min_amount === null ? undefined : String(row.min_amount),
});

/** Only the deposit rates are unique (by currency): a second one for a currency is refused. */
async function oneRatePerCurrency<T>(values: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw refused('money.rate_exists', { currency: String(values.currency_code) });
    throw error;
  }
}

export class MoneyService {
  private readonly options: MoneyServiceOptions;
  private readonly repository: MoneyRepository;
  private readonly reviewing = new Set<string>();
  private readonly deposits: DepositDesk;
  private nextWithdrawalId = 1;
  // Balance changes and the decisions that post them run on the book's owner, where the engine
  // decides and where the one-decision-at-a-time guard below holds for the whole installation.
  private readonly withdrawOnOwner: (args: {
    user: TradingUser;
    input: WithdrawalInput;
    lang: Language;
    idempotent?: IdempotentRequest | undefined;
  }) => Promise<ReturnType<typeof toWithdrawal>>;
  private readonly decideDepositOnOwner: (args: DepositDecision) => Promise<Deposit>;
  private readonly decideWithdrawalOnOwner: (args: WithdrawalDecision) => Promise<Withdrawal>;

  constructor(options: MoneyServiceOptions) {
    this.options = options;
    this.repository = options.repository;
    this.deposits = new DepositDesk({
      ...options,
      exclusively: (key, run) => this.exclusively(key, run),
      announce: (userId, action, targetId, staffId) => this.announce(userId, action, targetId, staffId),
    });
    const calls = options.calls ?? new OwnerCalls();
    this.withdrawOnOwner = calls.define('money.withdraw', ({ user, input, lang, idempotent }) =>
      this.options.trading.once(idempotent, (request) =>
        this.holdWithdrawal(user, input, (row, currency) => toWithdrawal(row, currency, lang), request),
      ),
    );
    this.decideDepositOnOwner = calls.define('money.decide_deposit', (args: DepositDecision) =>
      this.deposits.decideDeposit(...args),
    );
    this.decideWithdrawalOnOwner = calls.define('money.decide_withdrawal', (args: WithdrawalDecision) =>
      this.decideWithdrawalHere(args),
    );
  }

  /** Removes one of the user's draw methods; someone else's or an unknown one is not found. */
  async deleteDrawMethod(user: TradingUser, id: number): Promise<void> {
    if (!(await this.repository.deleteDrawMethod(user.id, id, this.options.now())))
      throw notFound('money.method_not_found');
  }

  /** Money held by the user's withdrawals under review (the account figures' withdraw_hold). */
  heldByWithdrawals(userId: number): Promise<bigint> {
    return this.repository.heldByWithdrawals(userId);
  }

  /** Reads where the ids go on; again when this node takes the book over (it allocates them then). */
  async init(): Promise<void> {
    this.nextWithdrawalId = (await this.repository.maxWithdrawalId()) + 1;
  }

  /**
   * Files a deposit report for staff to review, once per idempotency key; answers
   * `answerOf(record)`, which a retry with the same key gets again as it was.
   */
  submitDeposit<T>(
    user: TradingUser,
    input: DepositInput,
    answerOf: (row: Deposit) => T,
    idempotent?: IdempotentRequest,
  ): Promise<T> {
    return this.deposits.submitDeposit(user, input, answerOf, idempotent);
  }

  /** Binds a payout method and tells the user of it (payout-methods.ts). */
  bindDrawMethod(user: TradingUser, input: DrawMethodInput, lang: Language): Promise<number> {
    return bindDrawMethod(this.options, user, input, lang);
  }

  /**
   * Holds the amount (fee included) at once; staff then pay it out or return it. Once per
   * idempotency key; answers the record in `lang`, which a retry gets again as it was.
   */
  withdraw(
    user: TradingUser,
    input: WithdrawalInput,
    lang: Language,
    idempotent?: IdempotentRequest,
  ): Promise<ReturnType<typeof toWithdrawal>> {
    return this.withdrawOnOwner({ user, input, lang, idempotent });
  }

  private async holdWithdrawal<T>(
    user: TradingUser,
    input: WithdrawalInput,
    answerOf: (row: Withdrawal, currency: WithdrawCurrency) => T,
    idempotent: IdempotentRequest | undefined,
  ): Promise<T> {
    if (await this.options.areWithdrawalsFrozen(user.id)) throw refused('user.withdrawals_frozen');
    const amount = amountOf(input.number);
    const currency = await this.repository.withdrawCurrency(input.drawCurrencyId);
    if (!currency || currency.enabled !== 1) throw notFound('money.currency_not_found');
    const method = await this.repository.drawMethod(user.id, input.drawMethodId);
    // Someone else's method, a deleted one or one of another currency are all "not yours".
    if (!method || method.draw_currency_id !== input.drawCurrencyId) throw notFound('money.method_not_found');
    const coolingMs = await payoutCoolingMs(this.options.settings);
    const usableFrom = usableFromMs(method.created_at, coolingMs, this.options.now());
    if (usableFrom !== undefined) throw refused('money.method_cooling', { time: noticeTime(usableFrom) });
    // A rule stored before it was checked: refused rather than read as a fee (or a payout) of 0.
    if (withdrawalRuleFault(currencyRuleOf(currency)))
      throw refused('money.currency_unavailable', { code: currency.code });
    const minimum = parseMicros(currency.min_amount) ?? 0n;
    if (amount < minimum) throw refused('money.below_minimum', { min: currency.min_amount });
    const fee = withdrawalFee({ feeType: currency.fee_type, drawRate: currency.draw_rate }, amount);
    if (fee >= amount) throw refused('money.amount_below_fee');
    if ((await this.options.settings.get('withdraw_requires_identity')) === '1')
      if (!(await this.options.isIdentityCertified(user.id))) throw refused('money.identity_required');
    // Last of the checks, so a code is not spent on a withdrawal another rule refuses anyway.
    await this.options.checkSecondFactor?.(user.id, input.secondFactorCode, input.ip ?? '');
    const id = this.nextWithdrawalId++;
    const nowMs = this.options.now();
    const values = {
      id,
      user_id: user.id,
      type: currency.type,
      draw_currency_id: input.drawCurrencyId,
      draw_method_id: input.drawMethodId,
      amount,
      fee,
      real_number: receivedAmount(amount, fee, currency.usd_price),
      address: method.dc_address,
      payee_account: method.payee_account,
      memo: input.memo ?? '',
      status: WithdrawalStatus.review,
      created_at: nowMs,
    };
    const record: Withdrawal = { ...values, remark: null, reviewed_by: null, reviewed_at: null };
    // The engine holds the amount (and the fee) against free margin, or refuses.
    return this.options.trading.changeBalance(
      user,
      {
        postings: [
          { kind: 'withdrawal_hold', amountMicros: -(amount - fee) },
          { kind: 'withdrawal_fee', amountMicros: -fee },
        ],
        refId: id,
        requireFreeMargin: true,
      },
      {
        answer: () => answerOf(record, currency),
        idempotent,
        extra: async (trx) => {
          await this.repository.insertWithdrawal(trx, values);
        },
        refusalKey: (rejection) =>
          rejection === 'insufficient_free_margin' ? 'money.insufficient_free_margin' : undefined,
      },
    );
  }

  /** Staff: a deposit is completed (credited what arrived), rejected or marked invalid (DepositDesk). */
  decideDeposit(...args: DepositDecision): Promise<Deposit> {
    return this.decideDepositOnOwner(args);
  }

  /** Staff: a withdrawal is paid (the hold is final) or rejected (the hold returns); the decided record. */
  decideWithdrawal(
    staffId: number,
    id: number,
    decision: 'approve' | 'reject',
    remark: string | null,
  ): Promise<Withdrawal> {
    return this.decideWithdrawalOnOwner({ staffId, id, decision, remark });
  }

  private decideWithdrawalHere({ staffId, id, decision, remark }: WithdrawalDecision): Promise<Withdrawal> {
    return this.exclusively(`withdrawal:${id}`, async () => {
      const withdrawal = await this.repository.withdrawal(id);
      if (!withdrawal) throw notFound('money.record_not_found');
      if (withdrawal.status !== WithdrawalStatus.review) throw refused('money.already_decided');
      const status = decision === 'approve' ? WithdrawalStatus.paid : WithdrawalStatus.rejected;
      const nowMs = this.options.now();
      const decide = async (trx: Tx) => {
        if (!(await this.repository.decideWithdrawal(trx, id, status, remark, staffId, nowMs)))
          throw refused('money.already_decided');
        await this.options.writeAudit(trx, {
          staffId,
          action: `withdrawal.${decision}`,
          targetType: 'withdrawal',
          targetId: id,
          before: { status: withdrawal.status },
          after: { status, remark },
          atMs: nowMs,
        });
      };
      if (decision === 'approve') await this.repository.inTransaction(decide);
      else
        await this.options.trading.changeBalance(
          { id: withdrawal.user_id, isDemo: false },
          {
            postings: [{ kind: 'withdrawal_release', amountMicros: withdrawal.amount }],
            refId: id,
            requireFreeMargin: false,
          },
          { answer: () => null, extra: decide },
        );
      this.announce(withdrawal.user_id, `withdrawal.${decision}`, id, staffId);
      return { ...withdrawal, status, remark, reviewed_by: staffId, reviewed_at: nowMs };
    });
  }

  /**
   * Staff: adds a deposit channel, bank, deposit rate or withdrawal currency, audited in the same
   * transaction. A second rate for one currency is refused: that one is changed instead.
   */
  createConfig(staffId: number, table: PaymentConfigTable, values: Record<string, unknown>): Promise<number> {
    return oneRatePerCurrency(values, () =>
      this.repository.inTransaction(async (trx) => {
        if (table === 'withdraw_currencies') checkWithdrawalRule(values);
        const id = await this.repository.insertConfig(trx, table, values);
        await this.options.writeAudit(trx, {
          staffId,
          action: `${table}.create`,
          targetType: table,
          targetId: id,
          before: null,
          after: values,
          atMs: this.options.now(),
        });
        return id;
      }),
    );
  }

  /** Staff: changes one of them, audited with its values before and after. */
  updateConfig(staffId: number, table: PaymentConfigTable, id: number, values: Record<string, unknown>) {
    return oneRatePerCurrency(values, () =>
      this.repository.inTransaction(async (trx) => {
        const before = await this.repository.updateConfig(trx, table, id, values);
        if (!before) throw notFound('money.record_not_found');
        // The rule as it is after the change, whichever of its fields changed (rolled back if unfit).
        if (table === 'withdraw_currencies') checkWithdrawalRule({ ...before, ...values });
        // The whole row before, to say which it was; nothing when every field sent was as it is.
        const picked = Object.fromEntries(Object.keys(values).map((key) => [key, before[key]]));
        if (!changedValues(picked, values)) return;
        await this.options.writeAudit(trx, {
          staffId,
          action: `${table}.update`,
          targetType: table,
          targetId: id,
          before,
          after: values,
          atMs: this.options.now(),
        });
      }),
    );
  }

  private announce(userId: number, action: string, targetId: number, staffId: number): void {
    this.options.events?.publish('money_decided', { userId, action, targetId, staffId });
  }

  /** One decision per record at a time in this process; the conditional UPDATE covers the rest. */
  private async exclusively<T>(key: string, run: () => Promise<T>): Promise<T> {
    if (this.reviewing.has(key)) throw refused('money.already_decided');
    this.reviewing.add(key);
    try {
      return await run();
    } finally {
      this.reviewing.delete(key);
    }
  }
}
