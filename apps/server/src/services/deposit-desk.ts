/**
 * Deposits (engine SPEC.md W5): a report is filed in its channel's currency with the rate staff
 * set for it, which the user saw before sending, and waits for staff; staff confirm what arrived,
 * in that currency, and its USD is credited once at the rate the deposit was sent at. A decision
 * runs once per record (MoneyService's guard), its ledger row and audit row in one transaction.
 */
import { ACCOUNT_CURRENCY, depositCredit, divRound, parseRate, parseUsdPrice, RATE_SCALE } from '@omp/engine';
import { DepositStatus, isValidAddress } from '@omp/protocol';
import { invalid, notFound, refused } from '../domain/errors.ts';
import type { Deposit } from '../repositories/money-repository.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import { imageDigestsOf, UploadGoneError } from '../repositories/upload-repository.ts';
import { withLocks } from './keyed-locks.ts';
import type { TradingUser } from '../inputs/trading-inputs.ts';
import { currencyText, usdText } from '../wire/decimal-text.ts';
import type { IdempotentRequest } from './idempotency.ts';
import { amountOf } from './money-amounts.ts';
import type { MoneyServiceOptions } from './money-service.ts';

export interface DepositDeskOptions extends Pick<
  MoneyServiceOptions,
  'repository' | 'trading' | 'uploadOwnedBy' | 'writeAudit' | 'now' | 'locks'
> {
  /** One decision per record at a time (MoneyService's guard). */
  exclusively: <T>(key: string, run: () => Promise<T>) => Promise<T>;
  /** Tells the user's open screens a staff decision was taken. */
  announce: (userId: number, action: string, targetId: number, staffId: number) => void;
}

/** A deposit report: the amount in the channel's currency, and the rate the client showed, if any. */
export interface DepositInput {
  type: 0 | 1;
  channelId: number;
  number: string;
  proofImg: string;
  address?: string | undefined;
  usdPrice?: string | undefined;
}

/**
 * What arrived of a deposit, in its currency, and the micro-dollars that credits: `received` at the
 * rate it was sent at (W5); a USD `credited` as given (what it stands for in the currency is
 * recorded, rounded half away from zero); by default what the user declared.
 */
function arrivedOf(deposit: Deposit, received?: bigint, credited?: bigint) {
  if (credited !== undefined)
    return {
      received: divRound(credited * (parseRate(deposit.usd_price) ?? RATE_SCALE), RATE_SCALE),
      credited,
    };
  const amount = received ?? deposit.sent_amount;
  return { received: amount, credited: depositCredit(amount, deposit.usd_price) ?? 0n };
}

export class DepositDesk {
  private readonly options: DepositDeskOptions;
  private readonly repository: DepositDeskOptions['repository'];

  constructor(options: DepositDeskOptions) {
    this.options = options;
    this.repository = options.repository;
  }

  /**
   * Files a deposit report for staff to review, once per idempotency key; answers
   * `answerOf(record)`, which a retry with the same key gets again as it was.
   */
  async submitDeposit<T>(
    user: TradingUser,
    input: DepositInput,
    answerOf: (row: Deposit) => T,
    idempotent?: IdempotentRequest,
  ): Promise<T> {
    const upload = await this.options.uploadOwnedBy(input.proofImg, user.id);
    if (!upload) throw invalid('money.proof_required');
    const proof = upload.name;
    // One transfer's proof backs one deposit: the reports filed with a proof, or with a proof of
    // the same content (its digests, whoever uploaded it), take turns on every node, so a retry
    // (same key) finds its first answer and another report finds the deposit.
    const digests = imageDigestsOf(upload);
    const keys = [`deposit-proof:${proof}`, ...digests.map((digest) => `deposit-proof-content:${digest}`)];
    try {
      return await withLocks(this.options.locks, keys, () =>
        this.options.trading.once(idempotent, (request) =>
          this.fileDeposit(user, { ...input, proofImg: proof }, digests, answerOf, request),
        ),
      );
    } catch (error) {
      // Deleted as unattached (a day old) between the check above and the insert.
      if (error instanceof UploadGoneError) throw invalid('money.proof_required');
      throw error;
    }
  }

  /**
   * Files the report; `input.proofImg` is the canonical name of an upload of the user's, whose
   * content has `digests`.
   */
  private async fileDeposit<T>(
    user: TradingUser,
    input: DepositInput,
    digests: readonly string[],
    answerOf: (row: Deposit) => T,
    idempotent: IdempotentRequest | undefined,
  ): Promise<T> {
    const amount = amountOf(input.number);
    const proof = input.proofImg;
    let currency: string;
    let network = '';
    let address = input.address ?? '';
    if (input.type === 0) {
      const channel = await this.repository.chargeNetwork(input.channelId);
      if (!channel || channel.enabled !== 1) throw refused('money.no_payment_channel');
      currency = channel.currency_code;
      network = channel.protocol_code;
      if (address && !isValidAddress(network, address)) throw invalid('money.address_invalid', { network });
    } else {
      const bank = await this.repository.wireBank(input.channelId);
      if (!bank || bank.enabled !== 1) throw refused('money.no_payment_channel');
      currency = bank.bank_coin;
      address = '';
    }
    const usdPrice = await this.depositRateOf(currency);
    // A client that showed the user a rate sends it: a rate changed since is said, not applied.
    if (input.usdPrice !== undefined && parseRate(input.usdPrice) !== parseRate(usdPrice))
      throw refused('money.rate_changed', { currency, rate: usdPrice });
    const credited = depositCredit(amount, usdPrice)!;
    if (credited <= 0n) throw refused('money.credit_below_minimum', { currency });
    // Another deposit waiting or credited with this proof would let one transfer be credited
    // twice; a rejected one's proof may back the report filed again.
    const backed = await this.repository.liveDepositWithProof(user.id, proof);
    if (backed !== undefined) throw refused('money.proof_used', { id: backed });
    // The same picture sent again (another name, or downloaded and uploaded again) is the same
    // proof. Another user's deposit is not named: who it is stays theirs.
    const sameContent = await this.repository.liveDepositWithProofContent(user.id, digests);
    if (sameContent?.own) throw refused('money.proof_used', { id: sameContent.id });
    if (sameContent) throw refused('money.proof_used_elsewhere');
    return this.repository.insertDeposit(
      {
        user_id: user.id,
        type: input.type,
        channel_id: input.channelId,
        currency_code: currency,
        network,
        address,
        amount: credited,
        sent_amount: amount,
        usd_price: usdPrice,
        proof_pic: proof,
        status: DepositStatus.unchecked,
        created_at: this.options.now(),
      },
      answerOf,
      idempotent,
    );
  }

  /** Units of the currency per 1 USD deposits are credited at; refused when staff set none. */
  private async depositRateOf(currency: string): Promise<string> {
    if (currency.toUpperCase() === ACCOUNT_CURRENCY) return '1';
    const rate = await this.repository.depositRate(currency);
    if (!rate || parseUsdPrice(rate.usd_price) === null) throw refused('money.no_deposit_rate', { currency });
    return rate.usd_price;
  }

  /**
   * Staff: a deposit is completed (credited once), rejected or marked invalid; the decided record.
   * An approval confirms what arrived: `received` in the deposit's currency (credited at the rate
   * it was sent at), or `amount` in USD credited as given; by default what the user declared.
   */
  async decideDeposit(
    staffId: number,
    id: number,
    decision: 'approve' | 'reject' | 'invalidate',
    remark: string | null,
    arrived: { received?: string | undefined; amount?: string | undefined } = {},
  ): Promise<Deposit> {
    if (arrived.received !== undefined && arrived.amount !== undefined)
      throw invalid('money.received_or_amount');
    const receivedMicros =
      arrived.received === undefined ? undefined : amountOf(arrived.received, 'received');
    const creditedMicros = arrived.amount === undefined ? undefined : amountOf(arrived.amount, 'amount');
    return this.options.exclusively(`deposit:${id}`, async () => {
      const deposit = await this.repository.deposit(id);
      if (!deposit) throw notFound('money.record_not_found');
      if (deposit.status !== DepositStatus.unchecked) throw refused('money.already_decided');
      const status =
        decision === 'approve'
          ? DepositStatus.completed
          : decision === 'reject'
            ? DepositStatus.rejected
            : DepositStatus.invalid;
      // Only an approval says what arrived and credits it.
      const confirmed =
        decision === 'approve' ? arrivedOf(deposit, receivedMicros, creditedMicros) : undefined;
      if (confirmed && confirmed.credited <= 0n)
        throw refused('money.credit_below_minimum', { currency: deposit.currency_code });
      // Crediting other than what the user declared is said to them, and kept in the audit log.
      if (confirmed && confirmed.credited !== deposit.amount && !remark?.trim())
        throw invalid('money.remark_for_other_amount', {
          declared: `${currencyText(deposit.sent_amount)} ${deposit.currency_code}`,
        });
      const nowMs = this.options.now();
      const decide = async (trx: Tx) => {
        if (!(await this.repository.decideDeposit(trx, id, status, remark, staffId, nowMs, confirmed)))
          throw refused('money.already_decided');
        await this.options.writeAudit(trx, {
          staffId,
          action: `deposit.${decision}`,
          targetType: 'deposit',
          targetId: id,
          before: {
            status: deposit.status,
            currency: deposit.currency_code,
            usd_price: deposit.usd_price,
            declared: currencyText(deposit.sent_amount),
            amount_usd: usdText(deposit.amount),
          },
          after: {
            status,
            remark,
            ...(confirmed
              ? { received: currencyText(confirmed.received), amount_usd: usdText(confirmed.credited) }
              : { amount_usd: usdText(deposit.amount) }),
          },
          atMs: nowMs,
        });
      };
      if (!confirmed) await this.repository.inTransaction(decide);
      else
        await this.options.trading.changeBalance(
          { id: deposit.user_id, isDemo: false },
          {
            postings: [{ kind: 'deposit', amountMicros: confirmed.credited }],
            refId: id,
            requireFreeMargin: false,
          },
          { answer: () => null, extra: decide },
        );
      this.options.announce(deposit.user_id, `deposit.${decision}`, id, staffId);
      return {
        ...deposit,
        ...(confirmed ? { amount: confirmed.credited, received_amount: confirmed.received } : {}),
        status,
        remark,
        reviewed_by: staffId,
        reviewed_at: nowMs,
      };
    });
  }
}
