import { describe, expect, it } from 'vitest';
import { sendOnce } from './use-sending.ts';

describe('sending a form once at a time', () => {
  it('calls, hands the result on and clears the busy state', async () => {
    const gate = { running: false };
    const busy: boolean[] = [];
    const results: number[] = [];
    await sendOnce(
      gate,
      (b) => busy.push(b),
      async () => 7,
      (r) => results.push(r),
    );
    expect(results).toEqual([7]);
    expect(busy).toEqual([true, false]);
  });

  it('makes the call also when nothing follows it', async () => {
    let calls = 0;
    await sendOnce(
      { running: false },
      () => {},
      async () => calls++,
    );
    expect(calls).toBe(1);
  });

  it('ignores a second send while the first runs, and allows one after it', async () => {
    const gate = { running: false };
    let calls = 0;
    let finish = () => {};
    const first = sendOnce(
      gate,
      () => {},
      () => new Promise<void>((resolve) => ((finish = resolve), calls++)),
    );
    await sendOnce(
      gate,
      () => {},
      async () => calls++,
    );
    expect(calls).toBe(1);
    finish();
    await first;
    await sendOnce(
      gate,
      () => {},
      async () => calls++,
    );
    expect(calls).toBe(2);
  });

  it('keeps going after a refusal, without running what follows success', async () => {
    const gate = { running: false };
    const followed: string[] = [];
    await sendOnce(
      gate,
      () => {},
      () => Promise.reject(new Error('refused')),
      () => followed.push('x'),
    );
    expect(followed).toEqual([]);
    expect(gate.running).toBe(false);
  });
});
