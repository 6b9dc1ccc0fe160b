import { describe, expect, it } from 'vitest';
import {
  accountFiguresSchema,
  decimalText,
  myDealQuerySchema,
  orderRowSchema,
  setStopsBodySchema,
  submitOrderBodySchema,
} from './trading.ts';

describe('order placement body', () => {
  it('accepts the form-encoded body of the existing clients, every field as text', () => {
    const body = {
      type: '1',
      cont: '0.01',
      forex_id: '3',
      status: '0',
      target_price: '1.08000',
      stop_loss_price: '0',
      target_profit_price: '1.09',
      multiple: '100',
    };
    expect(submitOrderBodySchema.parse(body)).toEqual({
      type: 1,
      cont: '0.01',
      forex_id: 3,
      status: 0,
      target_price: '1.08000',
      stop_loss_price: '0',
      target_profit_price: '1.09',
      multiple: 100,
    });
  });

  it('keeps decimals as text so no binary fraction is rounded on the way in', () => {
    expect(submitOrderBodySchema.parse({ type: 2, cont: 0.1, forex_id: 1, status: 1 })).toMatchObject({
      cont: '0.1',
    });
  });

  it.each([
    [{ type: '3' }, 'type must be 1 (buy) or 2 (sell)'],
    [{ type: '0' }, 'type must be at least 1'],
    [{ status: '2' }, 'status must be 1 (market) or 0 (pending)'],
    [{ cont: '1e3' }, 'cont must be a plain non-negative decimal'],
    [{ cont: '-1' }, 'cont must be a plain non-negative decimal'],
    [{ cont: '1,5' }, 'cont must be a plain non-negative decimal'],
    [{ forex_id: 'x' }, 'forex_id must be a whole number written in digits, such as 12'],
    [{ forex_id: '0x2f' }, 'forex_id must be a whole number written in digits, such as 12'],
  ])('refuses %j with "%s"', (change, message) => {
    const result = submitOrderBodySchema.safeParse({
      type: '1',
      cont: '1',
      forex_id: '1',
      status: '1',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('reads a decimal given as a JSON number by its shortest text', () => {
    expect(decimalText('price').parse(1.08523)).toBe('1.08523');
    expect(decimalText('price').safeParse(Number.NaN).success).toBe(false);
  });

  it('takes stops as optional decimals, 0 or absent meaning none', () => {
    expect(setStopsBodySchema.parse({ id: '7' })).toEqual({ id: 7 });
    expect(setStopsBodySchema.parse({ id: '7', stop_loss_price: '0' })).toEqual({
      id: 7,
      stop_loss_price: '0',
    });
  });
});

describe('order lists and figures', () => {
  it('list only the pending (0), holding (1) and closed (3) tabs, 20 rows a page by default', () => {
    expect(myDealQuerySchema.parse({ status: '3' })).toEqual({ status: 3, page: 1, page_size: 20 });
    for (const status of ['2', '4', 'x']) expect(myDealQuerySchema.safeParse({ status }).success).toBe(false);
    expect(myDealQuerySchema.safeParse({ status: '1', page_size: '101' }).success).toBe(false);
  });

  it('accept an order row as my_deal answers it', () => {
    const row = {
      Id: 12,
      ForexId: 1,
      ForexTradeLists: {
        Id: 1,
        Code: 'EURUSD',
        ShowCode: 'EUR/USD',
        Logo: '/logos/eurusd.svg',
        PricePrecision: 5,
      },
      OrderType: 1,
      Status: 1,
      Kind: 'market',
      Quantity: 1,
      Multiple: 100,
      ForexContNum: 100000,
      OriginPrice: 1.08512,
      Price: 1.086,
      UpdatePrice: 1.086,
      FactProfits: 88,
      CautionMoney: 1085.12,
      OriginCautionMoney: 1085.12,
      TradeFee: 0.54256,
      TargetLossPrice: 0,
      TargetProfitPrice: 1.09,
      TrailingStop: 12.5,
      ClosedType: 0,
      CancelReason: '',
      CreateTime: 1763467200,
      CreateTimeHandler: '2025-11-18 12:00:00',
      OpenTime: 1763467200,
      OpenTimeHandler: '2025-11-18 12:00:00',
      CloseTime: 0,
      CloseTimeHandler: '',
      AskedPrice: 0,
      Spread: 0,
      SpreadCost: 0,
      Slippage: 0,
      SplitFromId: 0,
    };
    expect(orderRowSchema.parse(row)).toEqual(row);
    const { ForexTradeLists: _instrument, ...withoutInstrument } = row;
    expect(orderRowSchema.safeParse(withoutInstrument).success).toBe(false);
  });

  it('accept account figures with no margin level while nothing is open', () => {
    const figures = {
      balance: 10000,
      lock_balance: 0,
      equity: 10000,
      free_margin: 10000,
      margin_level: null,
      floating_profit: 0,
      withdraw_hold: 0,
      margin_call_level: 100,
      stop_out_level: 50,
      is_demo: 0,
    };
    expect(accountFiguresSchema.parse(figures)).toEqual(figures);
    expect(accountFiguresSchema.safeParse({ ...figures, margin_level: undefined }).success).toBe(false);
  });
});
