/** Money records on the wire (packages/protocol/src/money.ts), statuses in the request's language. */
import { ACCOUNT_CURRENCY } from '@omp/engine';
import type { Language } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import type {
  ChargeNetwork,
  Deposit,
  DrawMethod,
  WireBank,
  Withdrawal,
  WithdrawCurrency,
} from '../repositories/money-repository.ts';
import { money, timeText } from './trading-wire.ts';
import { currencyText } from './decimal-text.ts';
import { usableFromMs } from '../services/payout-cooling.ts';

/** The rates staff set for deposits, by currency code. */
export type DepositRates = ReadonlyMap<string, string>;

/** The rate deposits in a currency are credited at: 1 for USD, null when staff set none. */
export const depositRateOf = (currency: string, rates: DepositRates): string | null =>
  currency.toUpperCase() === ACCOUNT_CURRENCY ? '1' : (rates.get(currency.toUpperCase()) ?? null);

export const toChargeNetwork = (row: ChargeNetwork, rates: DepositRates) => ({
  id: row.id,
  currency_code: row.currency_code,
  protocol_code: row.protocol_code,
  address: row.address,
  usd_price: depositRateOf(row.currency_code, rates),
});

export const toWireBank = (row: WireBank, rates: DepositRates) => ({
  id: row.id,
  bank_coin: row.bank_coin,
  bank_name: row.bank_name,
  bank_address: row.bank_address,
  bank_swift: row.bank_swift,
  payee_name: row.payee_name,
  payee_account: row.payee_account,
  bank_remark: row.bank_remark,
  usd_price: depositRateOf(row.bank_coin, rates),
});

export const toWithdrawCurrency = (row: WithdrawCurrency) => ({
  id: row.id,
  type: row.type,
  code: row.code,
  protocol: row.protocol,
  fee_type: row.fee_type,
  draw_rate: row.draw_rate,
  usd_price: row.usd_price,
  min_amount: row.min_amount,
});

/** A deposit; `link` turns its proof's file name into a signed link (UploadService.link). */
export const toDeposit = (row: Deposit, lang: Language, link: (name: string) => string) => ({
  id: row.id,
  type: row.type,
  number: money(row.amount),
  currency_code: row.currency_code,
  network: row.network,
  address: row.address,
  proof_img: link(row.proof_pic),
  status: row.status,
  status_name: translate(lang, `deposit_status.${row.status}`),
  remark: row.remark ?? '',
  created_at: timeText(row.created_at),
  sent_number: currencyText(row.sent_amount),
  received_number: row.received_amount === null ? null : currencyText(row.received_amount),
  usd_price: row.usd_price,
});

export const toDrawMethod = (
  row: DrawMethod,
  currency: WithdrawCurrency | undefined,
  cooling: { coolingMs: number; nowMs: number },
) => ({
  id: row.id,
  type: row.type,
  dc_address: row.dc_address,
  bank_name: row.bank_name,
  bank_address: row.bank_address,
  bank_swift: row.bank_swift,
  payee_name: row.payee_name,
  payee_account: row.payee_account,
  draw_currency: currency ? toWithdrawCurrency(currency) : null,
  bound_at: Math.floor(row.created_at / 1000),
  usable_from: unixSecondsOrNull(usableFromMs(row.created_at, cooling.coolingMs, cooling.nowMs)),
});

/** Rounded up: "usable from" must never name a second before the method is usable. */
const unixSecondsOrNull = (ms: number | undefined) => (ms === undefined ? null : Math.ceil(ms / 1000));

export const toWithdrawal = (row: Withdrawal, currency: WithdrawCurrency | undefined, lang: Language) => ({
  id: row.id,
  type: row.type,
  number: money(row.amount),
  fee: money(row.fee),
  real_number: row.real_number,
  draw_currency: currency ? toWithdrawCurrency(currency) : null,
  address: row.address,
  payee_account: row.payee_account,
  notes: row.memo,
  status: row.status,
  status_name: translate(lang, `withdraw_status.${row.status}`),
  remark: row.remark ?? '',
  created_at: timeText(row.created_at),
});
