/**
 * Binding a payout method (a crypto address or a bank account): its format checked for its network
 * or bank, stored, and told to the user at their own address with the moment it may first receive
 * a withdrawal (payout-cooling.ts), so a method someone else bound is noticed before money leaves.
 */
import { DrawType, isValidAccountNumber, isValidAddress, isValidSwift, type Language } from '@omp/protocol';
import { invalid, notFound } from '../domain/errors.ts';
import type { TradingUser } from '../inputs/trading-inputs.ts';
import type { MoneyRepository } from '../repositories/money-repository.ts';
import { payoutCoolingMs } from './payout-cooling.ts';
import { noticeTime, type SecurityNotices } from './security-notices.ts';
import type { SettingsService } from './settings-service.ts';

export interface DrawMethodInput {
  type: number;
  draw_currency_id: number;
  dc_address?: string | undefined;
  bank_name?: string | undefined;
  bank_address?: string | undefined;
  bank_swift?: string | undefined;
  payee_name?: string | undefined;
  payee_account?: string | undefined;
}

export interface PayoutMethodDeps {
  repository: MoneyRepository;
  settings: Pick<SettingsService, 'get'>;
  notices?: Pick<SecurityNotices, 'tellUser'> | undefined;
  now: () => number;
}

export async function bindDrawMethod(
  o: PayoutMethodDeps,
  user: TradingUser,
  input: DrawMethodInput,
  lang: Language,
): Promise<number> {
  const currency = await o.repository.withdrawCurrency(input.draw_currency_id);
  if (!currency || currency.enabled !== 1 || currency.type !== input.type)
    throw notFound('money.currency_not_found');
  const base = {
    user_id: user.id,
    type: input.type,
    draw_currency_id: input.draw_currency_id,
    created_at: o.now(),
    dc_address: '',
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
  };
  if (input.type === DrawType.coin) {
    const address = input.dc_address ?? '';
    if (!address) throw invalid('field_required', { field: 'dc_address' });
    if (!isValidAddress(currency.protocol, address))
      throw invalid('money.address_invalid', { network: currency.protocol });
    return bound(o, user, { ...base, dc_address: address }, `${currency.code} (${currency.protocol})`, lang);
  }
  for (const field of ['bank_name', 'payee_name', 'payee_account', 'bank_swift'] as const)
    if (!input[field]) throw invalid('field_required', { field });
  const swift = input.bank_swift!.toUpperCase();
  if (!isValidSwift(swift)) throw invalid('money.swift_invalid');
  if (!isValidAccountNumber(input.payee_account!)) throw invalid('money.account_invalid');
  const account = input.payee_account!.replace(/\s+/g, '').toUpperCase();
  const bank = { bank_name: input.bank_name!, bank_address: input.bank_address ?? '', bank_swift: swift };
  return bound(
    o,
    user,
    { ...base, ...bank, payee_name: input.payee_name!, payee_account: account },
    '',
    lang,
  );
}

/** Stores a new payout method and tells the user, naming it and when it may first be used. */
async function bound(
  o: PayoutMethodDeps,
  user: TradingUser,
  values: Parameters<MoneyRepository['insertDrawMethod']>[0],
  currencyCode: string,
  lang: Language,
): Promise<number> {
  const id = await o.repository.insertDrawMethod(values);
  const boundAtMs = Number(values.created_at);
  const usableFrom = boundAtMs + (await payoutCoolingMs(o.settings));
  const method = values.dc_address
    ? `${currencyCode} ${values.dc_address}`
    : `${values.bank_name} ${values.payee_account}`;
  o.notices?.tellUser(
    user.id,
    'payout_bound',
    { method, time: noticeTime(boundAtMs), usable_from: noticeTime(usableFrom) },
    lang,
  );
  return id;
}
