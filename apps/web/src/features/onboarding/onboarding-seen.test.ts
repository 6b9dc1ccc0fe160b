import { describe, expect, it } from 'vitest';
import { hasSeen, withSeen } from './onboarding-seen.ts';

describe('the onboarding seen on this device', () => {
  it('is remembered per user', () => {
    const afterAnn = withSeen(null, 10000001);
    expect(hasSeen(afterAnn, 10000001)).toBe(true);
    expect(hasSeen(afterAnn, 10000002)).toBe(false);
    const afterBob = withSeen(afterAnn, 10000002);
    expect(afterBob).toBe('10000001,10000002');
    expect(hasSeen(afterBob, 10000001)).toBe(true);
  });

  it('is not seen by anyone on a new device, and marking twice keeps one entry', () => {
    expect(hasSeen(null, 10000001)).toBe(false);
    expect(hasSeen('', 10000001)).toBe(false);
    expect(withSeen(withSeen(null, 7), 7)).toBe('7');
  });

  it('counts as seen by everyone on a device set up that way', () => {
    expect(hasSeen('*', 10000042)).toBe(true);
  });
});
