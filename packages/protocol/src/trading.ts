/**
 * Trading on the wire: order placement, the order rows of `my_deal`, account figures, the ledger,
 * and the per-user socket pushes. Field names follow the existing clients (wire-notes.md).
 *
 * Decimal inputs (lots, prices) are validated as decimal text and handed to the engine as text, so
 * no binary fraction is ever rounded on the way in. Money outputs are JSON numbers with at most 6
 * decimals (micro-dollars): the shortest JSON form of such a number is exactly that decimal.
 */
import { z } from 'zod';

/** A decimal as text or a JSON number, e.g. "0.01", 1.08523. Refuses exponents and separators. */
export const decimalText = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: () => `${name} must be a number` })
      .trim()
      .regex(/^\d{1,12}(\.\d{1,15})?$/, { error: () => `${name} must be a plain non-negative decimal` }),
  );

/** 0 or absent means "none" (product-spec section 5: stop loss and take profit minimum 0). */
const optionalPrice = (name: string) => decimalText(name).optional();

const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: () => `${name} must be a number` })
    .int({ error: () => `${name} must be a whole number` })
    .min(min, { error: () => `${name} must be at least ${min}` });

export const submitOrderBodySchema = z.object({
  type: wholeNumber('type', 1).max(2, { error: () => 'type must be 1 (buy) or 2 (sell)' }),
  cont: decimalText('cont').describe('Lots, a multiple of the lot step (Pip)'),
  forex_id: wholeNumber('forex_id', 1),
  status: wholeNumber('status', 0)
    .max(1, { error: () => 'status must be 1 (market) or 0 (pending)' })
    .describe('1 market, 0 pending at target_price'),
  target_price: optionalPrice('target_price').describe('Pending orders: the price to open at'),
  stop_loss_price: optionalPrice('stop_loss_price').describe('0 or absent: none'),
  target_profit_price: optionalPrice('target_profit_price').describe('0 or absent: none'),
  multiple: wholeNumber('multiple', 1).optional().describe('Leverage; the first option when absent'),
  client_order_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('Retry key; the Idempotency-Key header works the same way'),
});
export type SubmitOrderBody = z.infer<typeof submitOrderBodySchema>;

export const orderIdBodySchema = z.object({ id: wholeNumber('id', 1) });

export const setStopsBodySchema = z.object({
  id: wholeNumber('id', 1),
  target_profit_price: optionalPrice('target_profit_price'),
  stop_loss_price: optionalPrice('stop_loss_price'),
});

export const myDealQuerySchema = z.object({
  status: z.coerce
    .number({ error: () => 'status must be 0, 1 or 3' })
    .refine((value) => value === 0 || value === 1 || value === 3, {
      error: () => 'status must be 0, 1 or 3',
    }),
  page: wholeNumber('page', 1).default(1),
  page_size: wholeNumber('page_size', 1)
    .max(100, { error: () => 'page_size must be at most 100' })
    .default(20),
});

export const pageQuerySchema = z.object({
  page: wholeNumber('page', 1).default(1),
  page_size: wholeNumber('page_size', 1)
    .max(100, { error: () => 'page_size must be at most 100' })
    .default(20),
});

/** One order row (spec section 3 plus wire-notes.md). Prices are 0 where none applies. */
export interface OrderRow {
  Id: number;
  ForexId: number;
  ForexTradeLists: { Id: number; Code: string; ShowCode: string; Logo: string; PricePrecision: number };
  /** 1 buy, 2 sell. */
  OrderType: number;
  /** 0 pending, 1 holding, 3 closed, 4 cancelled. */
  Status: number;
  /** buy_limit, buy_stop, sell_limit, sell_stop for pending orders; market otherwise. */
  Kind: string;
  Quantity: number;
  Multiple: number;
  ForexContNum: number;
  /** Open price (pending: the target price). */
  OriginPrice: number;
  /** Holding: the price it would close at now; closed: the close price. */
  Price: number;
  UpdatePrice: number;
  /** Holding: floating P/L; closed: realized P/L (fee not included). */
  FactProfits: number;
  CautionMoney: number;
  OriginCautionMoney: number;
  TradeFee: number;
  TargetLossPrice: number;
  TargetProfitPrice: number;
  /** 0 open; 1 user, 2 stop-out, 3 take profit, 4 stop loss, 5 back office. */
  ClosedType: number;
  /** Why a pending order was cancelled: user, insufficient_free_margin, demo_reset; else "". */
  CancelReason: string;
  CreateTime: number;
  CreateTimeHandler: string;
  OpenTime: number;
  OpenTimeHandler: string;
  CloseTime: number;
  CloseTimeHandler: string;
}

export interface MyDealResult {
  data: OrderRow[];
  total: number;
  page: number;
  /** Σ FactProfits over the rows of the status (floating for holding, realized for history). */
  all_fact_profits: number;
  balance: number;
}

/** Account figures (spec "Account detail" and trading-rules.md "Account figures"). */
export interface AccountFigures {
  balance: number;
  /** Used margin. */
  lock_balance: number;
  /** balance + floating P/L (net value). */
  equity: number;
  free_margin: number;
  /** equity / used margin × 100, 2 decimals; null while nothing is open (risk rate). */
  margin_level: number | null;
  floating_profit: number;
  /** Held by pending withdrawals. */
  withdraw_hold: number;
  margin_call_level: number;
  stop_out_level: number;
  is_demo: number;
}

export interface LedgerRow {
  Id: number;
  Kind: string;
  Value: number;
  BalanceAfter: number;
  MemoTran: string;
  RefId: number;
  CreatedAt: number;
  CreatedAtTran: string;
}

export interface ForexTradePush {
  type: 'FOREX_TRADE';
  orders: Array<{ Id: number; Price: number; FactProfits: number }>;
  account: AccountFigures;
}

export interface ForexClosedPush {
  type: 'FOREX_CLOSED';
  /** Ids of holding orders that just closed and pending orders that were cancelled. */
  id: number[];
}

/** Any change of an order's status (placed, filled, closed, cancelled): the row as it is now. */
export interface ForexOrderPush {
  type: 'FOREX_ORDER';
  orders: OrderRow[];
}

export interface MarginCallPush {
  type: 'MARGIN_CALL';
  margin_level: number;
  margin_call_level: number;
  stop_out_level: number;
  msg: string;
}
