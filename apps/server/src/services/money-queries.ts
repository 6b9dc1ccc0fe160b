/**
 * The money screens' reads, answered in wire shapes (money-wire.ts): payment channels, records
 * pages for the user and for the back office, draw methods. Writes and decisions are MoneyService.
 */
import type { Language } from '@omp/protocol';
import type { Deposit, MoneyRepository, RecordFilter, Withdrawal } from '../repositories/money-repository.ts';
import {
  toChargeNetwork,
  toDeposit,
  toDrawMethod,
  toWireBank,
  toWithdrawal,
  toWithdrawCurrency,
  type DepositRates,
} from '../wire/money-wire.ts';

export type { RecordFilter } from '../repositories/money-repository.ts';

export interface MoneyQueriesOptions {
  repository: MoneyRepository;
  /** A signed link to an uploaded proof (UploadService.link). */
  link: (name: string) => string;
  /** How long a new payout method waits (payout-cooling.ts), read at each answer. */
  coolingMs: () => Promise<number>;
  now: () => number;
}

export class MoneyQueries {
  private readonly repository: MoneyRepository;
  private readonly link: (name: string) => string;
  private readonly options: MoneyQueriesOptions;

  constructor(options: MoneyQueriesOptions) {
    this.options = options;
    this.repository = options.repository;
    this.link = options.link;
  }

  /** When each method may first be used, given the cooling staff set now. */
  private async cooling() {
    return { coolingMs: await this.options.coolingMs(), nowMs: this.options.now() };
  }

  async chargeNetworks() {
    const rates = await this.depositRates();
    return (await this.repository.chargeNetworks()).map((row) => toChargeNetwork(row, rates));
  }

  async wireBanks(bankCoin?: string) {
    const rates = await this.depositRates();
    return (await this.repository.wireBanks(bankCoin)).map((row) => toWireBank(row, rates));
  }

  /** The currencies that can be deposited, by channel. */
  async depositSymbols() {
    const coin = [...new Set((await this.repository.chargeNetworks()).map((n) => n.currency_code))];
    const bank = [...new Set((await this.repository.wireBanks()).map((b) => b.bank_coin))];
    return { coin, bank };
  }

  async withdrawCurrencies(type?: number) {
    return (await this.repository.withdrawCurrencies(type)).map(toWithdrawCurrency);
  }

  /** A page of deposits of one user. */
  async depositsPage(filter: RecordFilter, page: number, pageSize: number, lang: Language) {
    const { rows, total } = await this.repository.depositsPage(filter, (page - 1) * pageSize, pageSize);
    return { list: rows.map((row) => this.deposit(row, lang)), total, page };
  }

  /** A page of deposits for the back office: each row also names its user. */
  async depositsPageForStaff(filter: RecordFilter, page: number, pageSize: number, lang: Language) {
    const { rows, total } = await this.repository.depositsPage(filter, (page - 1) * pageSize, pageSize);
    const list = rows.map((row) => ({ ...this.deposit(row, lang), user_id: row.user_id }));
    return { list, total, page };
  }

  /** A deposit record, such as the one a decision answers, in its wire shape. */
  presentDeposit(row: Deposit, lang: Language) {
    return this.deposit(row, lang);
  }

  async withdrawalsPage(filter: RecordFilter, page: number, pageSize: number, lang: Language) {
    const { rows, total } = await this.repository.withdrawalsPage(filter, (page - 1) * pageSize, pageSize);
    const byId = await this.currencies();
    const list = rows.map((row) => toWithdrawal(row, byId.get(row.draw_currency_id), lang));
    return { list, total, page };
  }

  async withdrawalsPageForStaff(filter: RecordFilter, page: number, pageSize: number, lang: Language) {
    const { rows, total } = await this.repository.withdrawalsPage(filter, (page - 1) * pageSize, pageSize);
    const byId = await this.currencies();
    const list = rows.map((row) => ({
      ...toWithdrawal(row, byId.get(row.draw_currency_id), lang),
      user_id: row.user_id,
    }));
    return { list, total, page };
  }

  /** A withdrawal record, such as the one a decision answers, in its wire shape. */
  async presentWithdrawal(row: Withdrawal, lang: Language) {
    return toWithdrawal(row, (await this.currencies()).get(row.draw_currency_id), lang);
  }

  async drawMethods(userId: number, drawType?: number, drawId?: number) {
    const byId = await this.currencies();
    const rows = await this.repository.drawMethods(userId, drawType, drawId);
    const cooling = await this.cooling();
    return rows.map((row) => toDrawMethod(row, byId.get(row.draw_currency_id), cooling));
  }

  async drawMethod(userId: number, id: number) {
    const row = await this.repository.drawMethod(userId, id);
    return (
      row && toDrawMethod(row, (await this.currencies()).get(row.draw_currency_id), await this.cooling())
    );
  }

  /** The back office's configuration lists, with the disabled ones and their flag. */
  async chargeNetworksForStaff() {
    const rates = await this.depositRates();
    return (await this.repository.chargeNetworks(true)).map((row) => ({
      ...toChargeNetwork(row, rates),
      enabled: row.enabled,
    }));
  }

  async wireBanksForStaff() {
    const rates = await this.depositRates();
    return (await this.repository.wireBanks(undefined, true)).map((row) => ({
      ...toWireBank(row, rates),
      enabled: row.enabled,
    }));
  }

  async withdrawCurrenciesForStaff() {
    return (await this.repository.withdrawCurrencies(undefined, true)).map((row) => ({
      ...toWithdrawCurrency(row),
      enabled: row.enabled,
    }));
  }

  /** The rates staff set for deposits in other currencies than USD (the back office's list). */
  async depositRatesForStaff() {
    return (await this.repository.depositRates()).map(({ id, currency_code, usd_price }) => ({
      id,
      currency_code,
      usd_price,
    }));
  }

  private async depositRates(): Promise<DepositRates> {
    const rows = await this.repository.depositRates();
    return new Map(rows.map((row) => [row.currency_code, row.usd_price]));
  }

  private deposit(row: Parameters<typeof toDeposit>[0], lang: Language) {
    return toDeposit(row, lang, this.link);
  }

  private async currencies() {
    const all = await this.repository.withdrawCurrencies(undefined, true);
    return new Map(all.map((currency) => [currency.id, currency]));
  }
}
