import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background-work.ts';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('work kept in the background', () => {
  it('is idle at once with nothing under way', async () => {
    await new BackgroundWork().idle();
  });

  it('waits for every tracked piece, a failed one included, and for work started meanwhile', async () => {
    const work = new BackgroundWork();
    const done: string[] = [];
    void work.track(later(20, 'a').then((v) => void done.push(v)));
    const failing = work.track(Promise.reject(new Error('mail server down')));
    failing.catch(() => done.push('failed'));
    void work.track(
      later(5, 'b').then(() => {
        done.push('b');
        void work.track(later(30, 'c').then((v) => void done.push(v)));
      }),
    );
    await work.idle();
    expect(done.sort()).toEqual(['a', 'b', 'c', 'failed']);
  });

  it('hands back the tracked promise, its value unchanged', async () => {
    expect(await new BackgroundWork().track(Promise.resolve(42))).toBe(42);
  });
});
