import { describe, expect, it } from 'vitest';
import { serverMessageSchema, type ServerMessage } from './socket.ts';

const quotation = {
  Id: 1,
  ForexId: 1,
  Open: 1.1,
  High: 1.2,
  Low: 1.0,
  Close: 1.15,
  Bid: 1.15,
  Ask: 1.16,
  Change: 0.5,
  Volume: 12,
  Amount: 0,
  NowTime: 1_795_000_000,
  MarketStatus: 1,
};
const figures = {
  balance: 1000,
  lock_balance: 10,
  equity: 1005,
  free_margin: 995,
  margin_level: 10050,
  floating_profit: 5,
  withdraw_hold: 0,
  margin_call_level: 100,
  stop_out_level: 50,
  is_demo: 1,
};

/** One example of every message the server sends (docs/socket.md). */
const examples: ServerMessage[] = [
  { type: 'login_result', code: 1, msg: 'Logged in', version: 1 },
  { type: 'sub_result', code: 1, msg: 'Subscribed', params: 'DAY_MARKET' },
  { type: 'error', code: 429, msg: 'Too many messages' },
  { type: 'DAY_MARKET', symbol: 'EURUSD', quotation },
  {
    type: 'KLINE',
    topic: 'KLINE.EURUSD.1M',
    symbol: 'EURUSD',
    period: '1M',
    kline: { Time: 1_795_000_020, Open: 1.1, High: 1.2, Low: 1.0, Close: 1.15, Volume: 3 },
  },
  { type: 'session_ended', code: 999, msg: 'Your session has expired.', reason: 'expired' },
  {
    type: 'FOREX_TRADE',
    orders: [
      {
        Id: 7,
        Price: 1.15,
        FactProfits: 5,
        MarginCallPrice: 1.1,
        MarginCallMove: -4.35,
        StopOutPrice: null,
        StopOutMove: null,
      },
    ],
    account: figures,
    risk: {
      margin_call_forex_id: 1,
      margin_call_price: 1.1,
      margin_call_move: -4.35,
      stop_out_forex_id: null,
      stop_out_price: null,
      stop_out_move: null,
    },
  },
  { type: 'FOREX_CLOSED', id: [7, 8] },
  { type: 'FOREX_ORDER', orders: [] },
  { type: 'MARGIN_CALL', margin_level: 95.5, margin_call_level: 100, stop_out_level: 50, msg: 'Margin call' },
  {
    type: 'MARGIN_CALL',
    margin_level: 95.5,
    margin_call_level: 100,
    stop_out_level: 50,
    report_id: 3,
    msg: 'Margin call',
  },
  {
    type: 'STOP_OUT',
    report_id: 4,
    margin_level: 48.2,
    stop_out_level: 50,
    closed: [9, 7],
    negative_balance_protection: 12.5,
    msg: 'Stop-out',
  },
  { type: 'TRAILING_STOP_CLOSED', id: 7, forex_id: 1, close_price: 1.1, profit: -3.5, msg: 'Trailing stop' },
];

describe('the server messages of the socket', () => {
  it.each(examples.map((message) => [message.type, message] as const))('describes %s', (_type, message) => {
    expect(serverMessageSchema.parse(message)).toEqual(message);
  });

  it('refuses an unknown type, a missing field and a field of the wrong type', () => {
    for (const bad of [
      { type: 'SOMETHING_NEW' },
      { symbol: 'EURUSD', quotation },
      { type: 'DAY_MARKET', symbol: 'EURUSD' },
      { type: 'DAY_MARKET', symbol: 'EURUSD', quotation: { ...quotation, Bid: '1.15' } },
      { type: 'KLINE', topic: 'KLINE.EURUSD.2M', symbol: 'EURUSD', period: '2M', kline: {} },
      { type: 'session_ended', code: 999, msg: 'x', reason: 'bored' },
      { type: 'FOREX_CLOSED', id: ['7'] },
    ]) {
      expect(serverMessageSchema.safeParse(bad).success).toBe(false);
    }
  });
});
