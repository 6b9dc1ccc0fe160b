/**
 * What a topic a client subscribes with means (docs/socket.md "Topics"). Pushes go out under the
 * exact text the client subscribed with, so a client that routes by topic finds its own: a bar
 * period may be written in lower case (`KLINE.EURUSD.1m`) or in minutes (`KLINE.EURUSD.60`, as
 * spec section 9 lists them), and its pushes carry that same topic.
 */
import { periodSchema, Topic } from '@omp/protocol';
import type { KlinePeriod } from '@omp/engine';

export type ParsedTopic =
  | { kind: 'dayMarket'; code?: string }
  | { kind: 'kline'; code: string; period?: KlinePeriod }
  | { kind: 'trade' }
  | { kind: 'closed' };

/** A period code in any case, or a length in minutes; undefined when it is neither. */
export function readPeriod(text: string): KlinePeriod | undefined {
  const parsed = periodSchema.safeParse(text.toUpperCase());
  return parsed.success ? parsed.data : undefined;
}

/**
 * The topic's meaning, or undefined for one the server does not serve. `isInstrument` says
 * whether a code is listed; `hasTrading` whether the per-user topics exist.
 */
export function parseTopic(
  topic: string,
  isInstrument: (code: string) => boolean,
  hasTrading: boolean,
): ParsedTopic | undefined {
  if (topic === Topic.dayMarket) return { kind: 'dayMarket' };
  if (topic === Topic.forexTrade) return hasTrading ? { kind: 'trade' } : undefined;
  if (topic === Topic.forexClosed) return hasTrading ? { kind: 'closed' } : undefined;
  const [kind, code, period, ...rest] = topic.split('.');
  if (rest.length > 0 || !code || !isInstrument(code)) return undefined;
  if (kind === Topic.dayMarket) return period === undefined ? { kind: 'dayMarket', code } : undefined;
  if (kind !== 'KLINE') return undefined;
  if (period === undefined) return { kind: 'kline', code };
  const read = readPeriod(period);
  return read ? { kind: 'kline', code, period: read } : undefined;
}

/**
 * The bar topics clients hold, by instrument, in the exact spelling each subscribed with: a bar
 * that changed goes out once per spelling that covers its period.
 */
export class KlineTopicIndex {
  private readonly byCode = new Map<string, Map<string, KlinePeriod | undefined>>();

  add(topic: string, code: string, period: KlinePeriod | undefined): void {
    let topics = this.byCode.get(code);
    if (!topics) this.byCode.set(code, (topics = new Map()));
    topics.set(topic, period);
  }

  /** The held topics of `code` that carry bars of `period`; `isHeld` prunes ones nobody holds any more. */
  topicsOf(code: string, period: KlinePeriod, isHeld: (topic: string) => boolean): string[] {
    const topics = this.byCode.get(code);
    if (!topics) return [];
    const found: string[] = [];
    for (const [topic, wanted] of topics) {
      if (!isHeld(topic)) topics.delete(topic);
      else if (wanted === undefined || wanted === period) found.push(topic);
    }
    if (topics.size === 0) this.byCode.delete(code);
    return found;
  }
}
