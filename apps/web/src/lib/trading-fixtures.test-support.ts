/** Trading rows as the server sends them, for the web app's unit tests. */
import { OrderStatus, type AccountRisk, type OrderRow } from '@omp/protocol';

/** A holding 0.1-lot EUR/USD buy opened at 1.10000 with its fill details; `overrides` change any field. */
export function anOrder(id: number, overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    Id: id,
    ForexId: 1,
    ForexTradeLists: { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', PricePrecision: 5 },
    OrderType: 1,
    Status: OrderStatus.holding,
    Kind: 'market',
    Quantity: 0.1,
    Multiple: 100,
    ForexContNum: 100000,
    OriginPrice: 1.1,
    Price: 1.1,
    UpdatePrice: 1.1,
    FactProfits: 0,
    CautionMoney: 110,
    OriginCautionMoney: 110,
    TradeFee: 0.055,
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    TrailingStop: 0,
    ClosedType: 0,
    CancelReason: '',
    CreateTime: 1,
    CreateTimeHandler: '',
    OpenTime: 1,
    OpenTimeHandler: '',
    CloseTime: 0,
    CloseTimeHandler: '',
    AskedPrice: 1.1,
    Spread: 0.0001,
    SpreadCost: 1,
    Slippage: 0,
    SplitFromId: 0,
    ...overrides,
  };
}

/** The risk part of a FOREX_TRADE push for an account no price move can stop out. */
export const NO_RISK: AccountRisk = {
  margin_call_forex_id: null,
  margin_call_price: null,
  margin_call_move: null,
  stop_out_forex_id: null,
  stop_out_price: null,
  stop_out_move: null,
};
