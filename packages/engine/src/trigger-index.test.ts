/**
 * The trigger index's guard edges (G2): re-drawing keeps a box that did not move, replaces one that
 * did, takes out one no longer drawn, and re-draws whatever a fire broke, with no edge left behind
 * or doubled (each would fire a needless settling, or none).
 */
import { describe, expect, it } from 'vitest';
import type { GuardBand } from './margin-guard.ts';
import { ownerOfTrigger, TriggerIndex } from './trigger-index.ts';

const box = (instrumentId: number, bid: number, halfWidthPoints = 10): GuardBand => ({
  instrumentId,
  bid,
  ask: bid + 2,
  halfWidthPoints,
});

/** The accounts whose edges a quote crosses, one entry per edge. */
const crossing = (index: TriggerIndex, instrumentId: number, bid: number) =>
  index.takeCrossed(instrumentId, bid, bid + 2).map((trigger) => ownerOfTrigger(trigger.id));

describe('guard edges', () => {
  it('[G2] a re-drawn box that did not move keeps its edges, once', () => {
    const index = new TriggerIndex();
    index.setGuards(1, [box(5, 1000), box(6, 2000)]);
    index.setGuards(1, [box(5, 1000), box(6, 2000)]);
    // Falling through the lower edges: bid at or below, and the ask's, once each.
    expect(crossing(index, 5, 980)).toEqual([1, 1]);
    expect(crossing(index, 6, 1980)).toEqual([1, 1]);
  });

  it('[G2] a moved box replaces its edges, a box no longer drawn leaves', () => {
    const index = new TriggerIndex();
    index.setGuards(1, [box(5, 1000), box(6, 2000)]);
    index.setGuards(2, [box(5, 1000)]);
    index.setGuards(1, [box(5, 1100)]);
    expect(crossing(index, 6, 1980)).toEqual([]);
    // Account 2's box still sits at 1000, account 1's moved to 1100: a bid of 1011 passes the
    // upper edges of the one and the lower edges of the other, and no edge of 1's old box.
    expect(crossing(index, 5, 1011)).toEqual([1, 2, 1, 2]);
  });

  it('[G2] after an edge fired, re-drawing the same boxes puts every edge back', () => {
    const index = new TriggerIndex();
    index.setGuards(1, [box(5, 1000), box(6, 2000)]);
    expect(crossing(index, 5, 1015)).toEqual([1, 1]);
    index.setGuards(1, [box(5, 1000), box(6, 2000)]);
    expect(crossing(index, 5, 1015)).toEqual([1, 1]);
    expect(crossing(index, 5, 985)).toEqual([1, 1]);
    index.removeGuards(1);
    expect(crossing(index, 6, 1980)).toEqual([]);
  });
});
