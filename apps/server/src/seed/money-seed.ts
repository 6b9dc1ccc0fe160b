/**
 * The deposit channels and withdrawal currencies a fresh installation starts with: realistic
 * examples staff will replace with the broker's own from the back office. Written only into empty
 * tables, so staff changes are never overwritten.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MoneyRepository } from '../repositories/money-repository.ts';

export async function seedMoney(db: Kysely<Database>): Promise<void> {
  const repository = new MoneyRepository(db);
  if ((await repository.chargeNetworks(true)).length === 0)
    await db
      .insertInto('charge_networks')
      .values([
        {
          currency_code: 'USDT',
          protocol_code: 'TRC20',
          address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
          sort: 1,
        },
        {
          currency_code: 'USDT',
          protocol_code: 'ERC20',
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          sort: 2,
        },
        {
          currency_code: 'USDC',
          protocol_code: 'ERC20',
          address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
          sort: 3,
        },
      ])
      .execute();
  if ((await repository.wireBanks(undefined, true)).length === 0)
    await db
      .insertInto('wire_banks')
      .values([
        {
          bank_coin: 'USD',
          bank_name: 'Example Trust Bank',
          bank_address: '1 Harbour Road, Hong Kong',
          bank_swift: 'EXTBHKHH',
          payee_name: 'Open Margin Markets Ltd',
          payee_account: '012345678901',
          bank_remark: 'Put your user number in the reference',
        },
        {
          bank_coin: 'EUR',
          bank_name: 'Beispiel Bank AG',
          bank_address: 'Hauptstrasse 1, 60311 Frankfurt',
          bank_swift: 'BSPBDEFF',
          payee_name: 'Open Margin Markets Ltd',
          payee_account: 'DE89370400440532013000',
          bank_remark: 'Put your user number in the reference',
        },
      ])
      .execute();
  // Units per 1 USD, as the withdrawal currencies below: the stablecoins at par, the euro at its rate.
  if ((await repository.depositRates()).length === 0)
    await db
      .insertInto('deposit_rates')
      .values([
        { currency_code: 'EUR', usd_price: '0.86' },
        { currency_code: 'USDC', usd_price: '1' },
        { currency_code: 'USDT', usd_price: '1' },
      ])
      .execute();
  if ((await repository.withdrawCurrencies(undefined, true)).length === 0)
    await db
      .insertInto('withdraw_currencies')
      .values([
        {
          type: 1,
          code: 'USDT',
          protocol: 'TRC20',
          fee_type: 1,
          draw_rate: '1',
          usd_price: '1',
          min_amount: '10',
        },
        {
          type: 1,
          code: 'USDT',
          protocol: 'ERC20',
          fee_type: 1,
          draw_rate: '5',
          usd_price: '1',
          min_amount: '20',
        },
        {
          type: 1,
          code: 'USDC',
          protocol: 'ERC20',
          fee_type: 2,
          draw_rate: '0.002',
          usd_price: '1',
          min_amount: '20',
        },
        {
          type: 2,
          code: 'USD',
          protocol: '',
          fee_type: 1,
          draw_rate: '25',
          usd_price: '1',
          min_amount: '100',
        },
        {
          type: 2,
          code: 'EUR',
          protocol: '',
          fee_type: 2,
          draw_rate: '0.003',
          usd_price: '0.86',
          min_amount: '100',
        },
      ])
      .execute();
}
