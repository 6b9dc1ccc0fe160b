/** The hub's pushes, serialised once for every subscriber (docs/socket.md). */
import {
  PROTOCOL_VERSION,
  ResponseCode,
  SESSION_ENDED_MESSAGE,
  Topic,
  type DayMarketPush,
  type KlinePush,
  type Language,
  type ResultMessage,
  type ServerMessage,
  type SessionEndedMessage,
  type SessionEndReason,
} from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import { MAX_TOPICS_PER_SOCKET } from './socket-limits.ts';
import type { KlineEvent, QuoteEvent } from '../events/market-events.ts';
import { toKlinePoint } from '../wire/market-wire.ts';

/**
 * Every frame the hub sends goes through here, typed as a member of the protocol's union, which
 * the web parses with the same schema (packages/protocol/src/socket.ts).
 */
export const encode = (message: ServerMessage): string => JSON.stringify(message);

export function quoteMessage(event: Pick<QuoteEvent, 'code' | 'marketStatus' | 'quotation'>): string {
  const push: DayMarketPush = {
    type: Topic.dayMarket,
    symbol: event.code,
    quotation: { ...event.quotation, MarketStatus: event.marketStatus },
  };
  return encode(push);
}

/** A bar push under the topic its subscriber used (`KLINE.EURUSD.1m`), by default the canonical one. */
export function klineMessage(
  event: Pick<KlineEvent, 'code' | 'period' | 'bar' | 'pricePrecision'>,
  topic = `KLINE.${event.code}.${event.period}`,
): string {
  const push: KlinePush = {
    type: 'KLINE',
    topic,
    symbol: event.code,
    period: event.period,
    kline: toKlinePoint(event.bar, event.pricePrecision),
  };
  return encode(push);
}

/** Shaped like the hub's other replies (`type`, `code`, `msg`), with the machine-readable cause. */
export function sessionEndedMessage(lang: Language, reason: SessionEndReason): string {
  const message: SessionEndedMessage = {
    type: SESSION_ENDED_MESSAGE,
    code: ResponseCode.sessionInvalid,
    msg: translate(lang, `session_ended.${reason}`),
    reason,
  };
  return encode(message);
}

/** How much of a topic a message quotes: any text may arrive, and a long one need not come back twice. */
const QUOTED_TOPIC_CHARS = 100;
const namedInMessage = (topic: string) =>
  topic.length > QUOTED_TOPIC_CHARS ? `${topic.slice(0, QUOTED_TOPIC_CHARS)}…` : topic;

/** The answer to a client's message, in the client's language; `topic` is the one it named. */
export function resultMessage(
  lang: Language,
  type: ResultMessage['type'],
  code: number,
  key: string,
  topic?: string,
  extra: Pick<ResultMessage, 'version'> = {},
): string {
  const msg = translate(lang, key, {
    topic: namedInMessage(topic ?? ''),
    version: PROTOCOL_VERSION,
    max: MAX_TOPICS_PER_SOCKET,
  });
  return encode({ type, code, msg, ...(topic === undefined ? {} : { params: topic }), ...extra });
}
