/**
 * Who holds which topic, and what the market changed since the last flush: a flush takes a round of
 * the newest quote per instrument and the newest bar per topic and period, each message framed
 * once for everyone who holds its topic (socket-fanout.ts sends it), and a new holder of a market
 * topic gets the current state at once instead of waiting for the next change.
 */
import { KLINE_PERIODS } from '@omp/engine';
import { Topic } from '@omp/protocol';
import type { KlineEvent, QuoteEvent } from '../events/market-events.ts';
import type { MarketService } from '../services/market-service.ts';
import { PushRound } from './socket-fanout.ts';
import { textFrame, type Frame } from './socket-frames.ts';
import { klineMessage } from './socket-messages.ts';
import { QuoteFrames } from './socket-quote-frames.ts';
import { KlineTopicIndex, type ParsedTopic } from './socket-topics.ts';

export type MarketSnapshots = Pick<MarketService, 'quotationOf' | 'quotations' | 'formingBar'>;

export class MarketTopics<C extends { topics: Set<string> }> {
  private readonly market: MarketSnapshots;
  private readonly holders = new Map<string, Set<C>>();
  private readonly changedQuotes = new Map<string, QuoteEvent>();
  private readonly changedKlines = new Map<string, KlineEvent>();
  private readonly klineTopics = new KlineTopicIndex();
  /** Each instrument's latest quote frame, shared by the round's push and every snapshot after it. */
  private readonly quoteFrames = new QuoteFrames();

  constructor(market: MarketSnapshots) {
    this.market = market;
  }

  quoteChanged(event: QuoteEvent): void {
    this.changedQuotes.set(event.code, event);
  }

  klineChanged(event: KlineEvent): void {
    this.changedKlines.set(`KLINE.${event.code}.${event.period}`, event);
  }

  /** Adds the client to the topic's holders; false when it held the topic already. */
  hold(client: C, topic: string, parsed: ParsedTopic): boolean {
    if (client.topics.has(topic)) return false;
    client.topics.add(topic);
    let holders = this.holders.get(topic);
    if (!holders) this.holders.set(topic, (holders = new Set()));
    holders.add(client);
    if (parsed.kind === 'kline') this.klineTopics.add(topic, parsed.code, parsed.period);
    return true;
  }

  release(client: C, topic: string): void {
    client.topics.delete(topic);
    this.holders.get(topic)?.delete(client);
  }

  /** A client gone: it holds nothing any more (its own topic list is left as it was). */
  forget(client: C): void {
    for (const topic of client.topics) this.holders.get(topic)?.delete(client);
  }

  clear(): void {
    this.holders.clear();
  }

  /**
   * The frames a new holder of a market topic gets at once: the quotes, or the forming bars under
   * the topic as it was spelled.
   */
  snapshot(topic: string, parsed: ParsedTopic): Frame[] {
    if (parsed.kind === 'dayMarket') {
      const quotes = parsed.code ? [this.market.quotationOf(parsed.code)] : this.market.quotations();
      return quotes.flatMap((quote) => (quote ? [this.quoteFrames.frameOf(quote)] : []));
    }
    if (parsed.kind !== 'kline') return [];
    const { code } = parsed;
    const frames: Frame[] = [];
    for (const period of parsed.period ? [parsed.period] : KLINE_PERIODS) {
      const forming = this.market.formingBar(code, period);
      if (forming) frames.push(textFrame(klineMessage({ code, period, ...forming }, topic)));
    }
    return frames;
  }

  /** What changed since the last round, for the topics someone holds; each message built once. */
  takeRound(): PushRound {
    const round = new PushRound();
    const isHeld = (topic: string) => (this.holders.get(topic)?.size ?? 0) > 0;
    for (const [code, event] of this.changedQuotes) {
      const all = isHeld(Topic.dayMarket);
      const one = isHeld(`${Topic.dayMarket}.${code}`);
      if (!all && !one) continue;
      const frame = this.quoteFrames.frameOf(event);
      if (all) round.add(Topic.dayMarket, `Q.${code}`, frame);
      if (one) round.add(`${Topic.dayMarket}.${code}`, `Q.${code}`, frame);
    }
    this.changedQuotes.clear();
    for (const event of this.changedKlines.values()) {
      // Once per spelling subscribed to, each built once for all who used it.
      for (const topic of this.klineTopics.topicsOf(event.code, event.period, isHeld))
        round.add(topic, `K.${topic}.${event.period}`, textFrame(klineMessage(event, topic)));
    }
    this.changedKlines.clear();
    return round;
  }
}
