import { describe, expect, it } from 'vitest';
import { CODE_COUNTDOWN_SECONDS, CountdownRegistry, secondsLeft } from './countdown.ts';

describe('code countdown', () => {
  it('lasts the contract’s 60 seconds', () => {
    expect(CODE_COUNTDOWN_SECONDS).toBe(60);
  });

  it('rounds up to whole seconds and never goes below zero', () => {
    expect(secondsLeft(undefined, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 800)).toBe(60);
    expect(secondsLeft(60_000, 1_000)).toBe(59);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });

  it('keeps one wait per recipient, independent of the others', () => {
    const registry = new CountdownRegistry();
    expect(registry.left('1:email:a@b.co', 0)).toBe(0);
    registry.start('1:email:a@b.co', 1_000);
    expect(registry.left('1:email:a@b.co', 1_000)).toBe(60);
    expect(registry.left('1:email:c@d.co', 1_000)).toBe(0);
    expect(registry.left('1:email:a@b.co', 31_000)).toBe(30);
    expect(registry.left('1:email:a@b.co', 61_000)).toBe(0);
    // Restarting after it ran out gives a full minute again.
    registry.start('1:email:a@b.co', 70_000);
    expect(registry.left('1:email:a@b.co', 70_500)).toBe(60);
  });
});
