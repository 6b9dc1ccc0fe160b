import { describe, expect, it } from 'vitest';
import { minutesOfTime, toFields, toMinutes } from './schedule.ts';

describe('trading sessions as staff type them', () => {
  it('reads the forex week and writes it back unchanged', () => {
    const forexWeek = { from: 1320, to: 8520 };
    expect(toFields(forexWeek)).toEqual({ fromDay: 0, fromTime: '22:00', toDay: 5, toTime: '22:00' });
    expect(toMinutes(toFields(forexWeek))).toEqual(forexWeek);
  });

  it('wraps an end before the start into the next week, and an equal end is a whole week', () => {
    expect(toMinutes({ fromDay: 5, fromTime: '22:00', toDay: 0, toTime: '22:00' })).toEqual({
      from: 8520,
      to: 11400,
    });
    expect(toFields({ from: 8520, to: 11400 })).toEqual({
      fromDay: 5,
      fromTime: '22:00',
      toDay: 0,
      toTime: '22:00',
    });
    expect(toMinutes({ fromDay: 0, fromTime: '00:00', toDay: 0, toTime: '00:00' })).toEqual({
      from: 0,
      to: 10080,
    });
  });

  it('refuses what is not a time', () => {
    expect(minutesOfTime('24:00')).toBeUndefined();
    expect(minutesOfTime('9:5')).toBeUndefined();
    expect(minutesOfTime(' 9:05 ')).toBe(545);
    expect(toMinutes({ fromDay: 1, fromTime: 'noon', toDay: 1, toTime: '13:00' })).toBeUndefined();
  });
});
