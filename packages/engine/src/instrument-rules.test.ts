import { describe, expect, it } from 'vitest';
import { instrumentTermsProblem, scheduleProblem } from './instrument-rules.ts';
import { ALWAYS_OPEN, FOREX_WEEK } from './schedule.ts';

const terms = {
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  leverageOptions: [100, 50, 200],
  feeRate: '0.0001',
  contractSize: 100_000,
  schedule: FOREX_WEEK,
};

describe('instrument terms (SPEC.md I1–I6)', () => {
  it('accepts the terms a broker configures', () => {
    expect(instrumentTermsProblem(terms)).toBeUndefined();
    expect(instrumentTermsProblem({ ...terms, schedule: ALWAYS_OPEN, feeRate: '0' })).toBeUndefined();
  });

  it.each([
    ['lots_invalid', { lotStep: '0' }],
    ['lots_invalid', { minLots: '-1' }],
    ['lots_invalid', { maxLots: 'lots' }],
    ['lots_invalid', { lotStep: '0.000000001' }],
    ['lots_min_above_max', { minLots: '60' }],
    ['lots_off_step', { minLots: '0.015' }],
    ['lots_off_step', { lotStep: '0.1', minLots: '0.1', maxLots: '50.05' }],
    ['leverage_invalid', { leverageOptions: [] }],
    ['leverage_invalid', { leverageOptions: [0] }],
    ['leverage_invalid', { leverageOptions: [100, 100] }],
    ['leverage_invalid', { leverageOptions: [1.5] }],
    ['leverage_invalid', { leverageOptions: [1001] }],
    ['fee_rate_invalid', { feeRate: '-0.1' }],
    ['fee_rate_invalid', { feeRate: '0.2' }],
    ['fee_rate_invalid', { feeRate: 'one' }],
    ['contract_size_invalid', { contractSize: 0 }],
    ['contract_size_invalid', { contractSize: 1.5 }],
    ['schedule_invalid', { schedule: [{ from: 10, to: 10 }] }],
    ['schedule_invalid', { schedule: [{ from: 10080, to: 10100 }] }],
    ['schedule_invalid', { schedule: [{ from: 0, to: 10081 }] }],
    [
      'schedule_invalid',
      {
        schedule: [
          { from: 600, to: 700 },
          { from: 100, to: 200 },
        ],
      },
    ],
    [
      'schedule_overlaps',
      {
        schedule: [
          { from: 100, to: 700 },
          { from: 600, to: 800 },
        ],
      },
    ],
  ] as const)('[I1–I6] refuses %s', (problem, change) => {
    expect(instrumentTermsProblem({ ...terms, ...change })).toBe(problem);
  });

  it('[I6] sees a session that wraps past the week into the first', () => {
    expect(
      scheduleProblem([
        { from: 60, to: 120 },
        { from: 10000, to: 10150 },
      ]),
    ).toBe('schedule_overlaps');
    expect(
      scheduleProblem([
        { from: 60, to: 120 },
        { from: 10000, to: 10140 },
      ]),
    ).toBeUndefined();
    expect(scheduleProblem([])).toBeUndefined();
  });
});
