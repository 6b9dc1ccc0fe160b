/**
 * The instruments each user starred (the quote list's Favourites category), checked against the
 * market: only instruments it lists can be starred, and one the broker removed drops out of view.
 */
import { notFound } from '../domain/errors.ts';
import type { FavouritesRepository } from '../repositories/favourites-repository.ts';
import type { MarketService } from './market-service.ts';

export class FavouritesService {
  private readonly repository: FavouritesRepository;
  private readonly market: Pick<MarketService, 'instrumentById'>;
  private readonly now: () => number;

  constructor(options: {
    repository: FavouritesRepository;
    market: Pick<MarketService, 'instrumentById'>;
    now: () => number;
  }) {
    this.repository = options.repository;
    this.market = options.market;
    this.now = options.now;
  }

  /** The user's starred instrument ids, in the order starred. */
  async list(userId: number): Promise<number[]> {
    return (await this.repository.list(userId)).filter((id) => this.market.instrumentById(id) !== undefined);
  }

  /** Stars an instrument (again: no change) and answers the new list. */
  async add(userId: number, instrumentId: number): Promise<number[]> {
    this.requireInstrument(instrumentId);
    await this.repository.add(userId, instrumentId, this.now());
    return this.list(userId);
  }

  /** Unstars an instrument (one not starred: no change) and answers the new list. */
  async remove(userId: number, instrumentId: number): Promise<number[]> {
    this.requireInstrument(instrumentId);
    await this.repository.remove(userId, instrumentId);
    return this.list(userId);
  }

  private requireInstrument(id: number): void {
    if (!this.market.instrumentById(id)) throw notFound('instrument_not_found', { id });
  }
}
