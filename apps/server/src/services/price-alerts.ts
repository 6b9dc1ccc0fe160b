/**
 * Price alerts: a user asks to be told once when an instrument's bid reaches a level (engine SPEC.md
 * "Price alerts"). Alerts are stored, then held in the engine's AlertBook on the node that owns the
 * trading book (a single node, or the cluster's owner: the one node that fires triggers), so a tick
 * is checked once in the whole cluster and costs only what it crosses.
 *
 * Creating and deleting run on the owner (owner-calls.ts) so its book always holds what is stored;
 * a node taking the book over reloads every waiting alert. An alert the book pops is marked fired in
 * the database by a conditional update before the user is told: the alert fires once, even when a
 * restart or a fail-over replays a crossing, and never after it was deleted.
 */
import {
  AlertBook,
  decideAlertLevels,
  formatPoints,
  pointsToNumber,
  rescalePoints,
  type AlertRequest,
  type InstrumentSpec,
} from '@omp/engine';
import { MAX_ACTIVE_ALERTS, type AlertCreateBody, type PriceAlert } from '@omp/protocol';
import { notFound, refused } from '../domain/errors.ts';
import type { AlertRepository, StoredAlert } from '../repositories/alert-repository.ts';
import type { MarketService } from './market-service.ts';
import type { NewNotice } from './notification-centre.ts';
import type { OwnerCalls } from './owner-calls.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { KeyedLocks } from './keyed-locks.ts';

export interface PriceAlertsOptions {
  repository: AlertRepository;
  market: Pick<MarketService, 'instrumentById' | 'currentQuote' | 'onTick'>;
  /** Where staff's instrument changes are heard: a new precision rescales the waiting levels. */
  events?: Pick<EventBus, 'subscribe'>;
  calls: OwnerCalls;
  notify: (userId: number, notice: NewNotice) => Promise<unknown>;
  now: () => number;
  logError: (error: unknown, message: string) => void;
  /** A user's count of waiting alerts and the insert it allows take turns (on every node). */
  locks: KeyedLocks;
}

export class PriceAlerts {
  private readonly options: PriceAlertsOptions;
  private book = new AlertBook();
  private unsubscribers: Array<() => void> = [];
  readonly create: (args: { userId: number; body: AlertCreateBody }) => Promise<PriceAlert>;
  readonly delete: (args: { userId: number; id: number }) => Promise<null>;

  constructor(options: PriceAlertsOptions) {
    this.options = options;
    this.create = options.calls.define('alerts.create', (args) => this.createHere(args.userId, args.body));
    this.delete = options.calls.define('alerts.delete', (args) => this.deleteHere(args.userId, args.id));
  }

  /** Loads the waiting alerts (on the owner) and follows the ticks. */
  async init(): Promise<void> {
    if (this.options.calls.runsHere()) await this.reload();
    this.unsubscribers = [
      this.options.market.onTick((instrumentId, tick) => this.onTick(instrumentId, tick.bid)),
      // Rare (staff), so the whole book is read again; a level popped meanwhile and read again
      // fires no second time, because marking it fired succeeds once (AL6).
      ...(this.options.events
        ? [
            this.options.events.subscribe('instrument_changed', () => {
              if (this.options.calls.runsHere())
                this.reload().catch((error: unknown) =>
                  this.options.logError(error, 'reloading price alerts failed'),
                );
            }),
          ]
        : []),
    ];
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
  }

  /** This node took the book over: what other nodes stored is the truth. */
  async takeOwnership(): Promise<void> {
    await this.reload();
  }

  private async reload(): Promise<void> {
    const book = new AlertBook();
    for (const alert of await this.options.repository.allWaiting()) {
      const levels = this.levelsNow(alert);
      if (levels) book.add(levels);
    }
    this.book = book;
  }

  /** [P6] Levels stored at one precision are watched at the instrument's precision now. */
  private levelsNow(alert: StoredAlert) {
    const spec = this.options.market.instrumentById(alert.instrumentId);
    if (!spec) return undefined;
    const rescale = (points: number) =>
      points > 0 ? Math.max(1, rescalePoints(points, alert.pricePrecision, spec.pricePrecision)) : 0;
    return {
      id: alert.id,
      instrumentId: alert.instrumentId,
      abovePoints: rescale(alert.abovePoints),
      belowPoints: rescale(alert.belowPoints),
    };
  }

  async list(userId: number): Promise<PriceAlert[]> {
    return (await this.options.repository.listOf(userId)).map((alert) => this.wireOf(alert));
  }

  private async createHere(userId: number, body: AlertCreateBody): Promise<PriceAlert> {
    const { repository, market, now } = this.options;
    const spec = market.instrumentById(body.forex_id);
    if (!spec) throw notFound('order.instrument_not_found');
    const quote = market.currentQuote(spec.id);
    if (!quote) throw refused('alert.no_price_yet', { code: spec.showCode });
    const request = requestOf(body, spec);
    const levels = decideAlertLevels(request, quote.bid);
    if (!levels.ok)
      throw refused(`alert.${levels.rejection}`, {
        price: formatPoints(quote.bid, spec.pricePrecision),
        code: spec.showCode,
      });
    const stored = {
      userId,
      instrumentId: spec.id,
      condition: body.condition,
      abovePoints: levels.abovePoints,
      belowPoints: levels.belowPoints,
      referencePoints: quote.bid,
      moveBasisPoints: request.condition === 'move' ? request.moveBasisPoints : 0,
      pricePrecision: spec.pricePrecision,
      createdAtMs: now(),
    };
    // Counted and inserted with no other alert of the user's in between: requests racing each
    // counted 49 and all inserted (AL: at most 50 waiting).
    const id = await this.options.locks.withLock(`alerts:user:${userId}`, async () => {
      if ((await repository.countWaiting(userId)) >= MAX_ACTIVE_ALERTS)
        throw refused('alert.too_many', { max: MAX_ACTIVE_ALERTS });
      return repository.insert(stored);
    });
    this.book.add({
      id,
      instrumentId: spec.id,
      abovePoints: levels.abovePoints,
      belowPoints: levels.belowPoints,
    });
    return this.wireOf({ id, ...stored, firedAtMs: null, firedPoints: null });
  }

  private async deleteHere(userId: number, id: number): Promise<null> {
    if (!(await this.options.repository.delete(userId, id, this.options.now())))
      throw notFound('alert.not_found');
    this.book.remove(id);
    return null;
  }

  /** [AL4] The owner's check of each tick: only what the bid crossed leaves the book. */
  private onTick(instrumentId: number, bidPoints: number): void {
    if (!this.options.calls.runsHere()) return;
    const fired = this.book.takeCrossed(instrumentId, bidPoints);
    for (const id of fired)
      this.fire(id, bidPoints).catch((error: unknown) => {
        this.options.logError(error, `price alert ${id} could not be fired; it waits for the next crossing`);
        this.reloadOne(id).catch((reloadError: unknown) =>
          this.options.logError(
            reloadError,
            `price alert ${id} could not be put back; it fires after a restart`,
          ),
        );
      });
  }

  /** [AL6] Marked fired first: a second attempt (a replay, another node) finds it taken. */
  private async fire(id: number, bidPoints: number): Promise<void> {
    const { repository } = this.options;
    if (!(await repository.markFired(id, bidPoints, this.options.now()))) return;
    const alert = (await repository.find(id))!;
    const spec = this.options.market.instrumentById(alert.instrumentId);
    const precision = spec?.pricePrecision ?? alert.pricePrecision;
    const level =
      alert.abovePoints > 0 && bidPoints >= alert.abovePoints ? alert.abovePoints : alert.belowPoints;
    await this.options.notify(alert.userId, {
      kind: 'price_alert',
      textKey: `price_alert_${alert.condition}`,
      params: {
        code: spec?.showCode ?? String(alert.instrumentId),
        price: formatPoints(bidPoints, precision),
        level: formatPoints(level, alert.pricePrecision),
        percent: (alert.moveBasisPoints / 100).toString(),
      },
      link: `/trade?id=${alert.instrumentId}`,
    });
  }

  /** A fire that failed before it was stored goes back into the book. */
  private async reloadOne(id: number): Promise<void> {
    const alert = await this.options.repository.find(id).catch(() => undefined);
    if (alert && alert.firedAtMs === null) {
      const levels = this.levelsNow(alert);
      if (levels) this.book.add(levels);
    }
  }

  private wireOf(alert: StoredAlert): PriceAlert {
    const spec = this.options.market.instrumentById(alert.instrumentId);
    const p = alert.pricePrecision;
    const price = (points: number | null) => (points && points > 0 ? pointsToNumber(points, p) : null);
    return {
      id: alert.id,
      forex_id: alert.instrumentId,
      code: spec?.showCode ?? '',
      condition: alert.condition,
      above_price: price(alert.abovePoints),
      below_price: price(alert.belowPoints),
      move_percent: alert.condition === 'move' ? alert.moveBasisPoints / 100 : null,
      reference_price: pointsToNumber(alert.referencePoints, p),
      price_precision: p,
      created_at: Math.floor(alert.createdAtMs / 1000),
      fired_at: alert.firedAtMs === null ? null : Math.floor(alert.firedAtMs / 1000),
      fired_price: price(alert.firedPoints),
    };
  }
}

/** The engine's request from the body, refusing what the engine cannot be asked. */
function requestOf(body: AlertCreateBody, spec: InstrumentSpec): AlertRequest {
  if (body.condition === 'move') {
    if (body.move_percent === undefined) throw refused('alert.move_percent_required');
    const hundredths = decimalsAsWhole(body.move_percent, 2);
    if (hundredths === undefined) throw refused('alert.move_percent_off_step');
    return { condition: 'move', moveBasisPoints: hundredths };
  }
  if (body.price === undefined) throw refused('alert.price_required');
  const points = decimalsAsWhole(body.price, spec.pricePrecision);
  if (points === undefined) throw refused('alert.price_off_precision', { precision: spec.pricePrecision });
  return { condition: body.condition, levelPoints: points };
}

/**
 * A plain decimal (already checked by the schema) as a whole number of 10^-decimals, or undefined
 * when it has more decimals than that (trailing zeros aside): "1.0852" at 5 → 108520.
 */
function decimalsAsWhole(text: string, decimals: number): number | undefined {
  const [whole = '0', fraction = ''] = text.split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return undefined;
  const value = Number(whole + significant.padEnd(decimals, '0'));
  return Number.isSafeInteger(value) ? value : undefined;
}
