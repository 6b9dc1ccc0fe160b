import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@omp/protocol';
import { FRESH_FILL_SECONDS, isFilledPosition, isFreshFill } from './fill-rules.ts';

const FILLED_AT = 1_800_000_000;
const row = (changes: Partial<Parameters<typeof isFreshFill>[0]> = {}) => ({
  Status: OrderStatus.holding,
  OpenTime: FILLED_AT,
  AskedPrice: 1.10012,
  SplitFromId: 0,
  ...changes,
});

describe('fill rules', () => {
  it('[F2] an open position with its fill figures is a fill to announce', () => {
    expect(isFilledPosition(row())).toBe(true);
  });

  it.each([
    ['still pending', row({ Status: OrderStatus.pending, OpenTime: 0, AskedPrice: 0 })],
    ['closed', row({ Status: OrderStatus.closed })],
    ['cancelled', row({ Status: OrderStatus.cancelled })],
    ['filled before fill figures were recorded', row({ AskedPrice: 0 })],
    ['a part split off by a partial close', row({ Status: OrderStatus.closed, SplitFromId: 7 })],
    ['a holding part that names its position', row({ SplitFromId: 7 })],
  ])('announces nothing for an order %s', (_, order) => {
    expect(isFilledPosition(order)).toBe(false);
    expect(isFreshFill(order, FILLED_AT)).toBe(false);
  });

  it('announces a pushed fill within a minute of it, either side of the phone clock', () => {
    expect(isFreshFill(row(), FILLED_AT)).toBe(true);
    expect(isFreshFill(row(), FILLED_AT + FRESH_FILL_SECONDS)).toBe(true);
    expect(isFreshFill(row(), FILLED_AT - 5)).toBe(true);
  });

  it('does not announce an old position again when its stops move (a trailing stop, an edit)', () => {
    expect(isFreshFill(row(), FILLED_AT + FRESH_FILL_SECONDS + 1)).toBe(false);
    expect(isFreshFill(row(), FILLED_AT + 3600)).toBe(false);
  });
});
