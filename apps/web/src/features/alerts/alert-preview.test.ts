import { describe, expect, it } from 'vitest';
import { decimalToWhole, previewAlert } from './alert-preview.ts';

describe('the alert sheet’s preview', () => {
  it('reads decimals exactly and refuses more than the precision', () => {
    expect(decimalToWhole('1.0852', 5)).toBe(108_520);
    expect(decimalToWhole('1.085200', 5)).toBe(108_520);
    expect(decimalToWhole('1.085201', 5)).toBe('too_many_decimals');
    expect(decimalToWhole('', 5)).toBeUndefined();
    expect(decimalToWhole('1,08', 5)).toBeUndefined();
  });

  it('shows the level and its distance from the bid, as the server will store it', () => {
    expect(previewAlert('above', '1.10250', 110_000, 5)).toEqual({
      ok: true,
      preview: { abovePoints: 110_250, belowPoints: 0, distancePoints: 250, distancePercent: 0.23 },
    });
    expect(previewAlert('move', '1.5', 110_000, 5)).toEqual({
      ok: true,
      preview: { abovePoints: 111_650, belowPoints: 108_350, distancePoints: 1650, distancePercent: 1.5 },
    });
  });

  it('names the problem the server would refuse it for', () => {
    expect(previewAlert('above', '1.09', 110_000, 5)).toEqual({
      ok: false,
      problem: 'alert_above_not_above_price',
    });
    expect(previewAlert('below', '1.2', 110_000, 5)).toEqual({
      ok: false,
      problem: 'alert_below_not_below_price',
    });
    expect(previewAlert('move', '0.001', 110_000, 5)).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(previewAlert('move', '60', 110_000, 5)).toEqual({ ok: false, problem: 'alert_move_out_of_range' });
    expect(previewAlert('below', '', 110_000, 5)).toEqual({ ok: false, problem: 'empty' });
  });
});
