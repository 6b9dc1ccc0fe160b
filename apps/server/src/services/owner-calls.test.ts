import { describe, expect, it } from 'vitest';
import { decodeCall, encodeCall } from '../cluster/call-codec.ts';
import { OwnerCalls, type BookOwnership } from './owner-calls.ts';

/** An ownership whose answer the test sets, recording what it was asked to forward. */
function fakeOwnership(owns: boolean) {
  const forwarded: Array<{ name: string; args: unknown }> = [];
  const ownership: BookOwnership = {
    owns: () => owns,
    forward: async (name, args) => {
      forwarded.push({ name, args });
      return { from: 'owner' };
    },
  };
  return { ownership, forwarded };
}

describe('work of the book, run where the book is', () => {
  it('runs here on a single node and on the owner', async () => {
    for (const calls of [new OwnerCalls(), new OwnerCalls(fakeOwnership(true).ownership)]) {
      const double = calls.define('double', async ({ n }: { n: number }) => n * 2);
      expect(await double({ n: 21 })).toBe(42);
    }
  });

  it('sends the call by name to the owner from a node that does not own the book', async () => {
    const { ownership, forwarded } = fakeOwnership(false);
    const calls = new OwnerCalls(ownership);
    let ranHere = false;
    const work = calls.define('work', async (args: { id: number }) => {
      ranHere = true;
      return args;
    });
    expect(await work({ id: 7 })).toEqual({ from: 'owner' });
    expect(ranHere).toBe(false);
    expect(forwarded).toEqual([{ name: 'work', args: { id: 7 } }]);
  });

  it('runs a call another node sent by its name, refuses an unknown name, and a name once only', async () => {
    const calls = new OwnerCalls();
    calls.define('echo', async (args: unknown) => args);
    expect(await calls.execute('echo', { a: 1 })).toEqual({ a: 1 });
    await expect(calls.execute('nothing', {})).rejects.toMatchObject({ messageKey: 'internal_error' });
    expect(() => calls.define('echo', async () => 1)).toThrow(/defined twice/);
  });

  it('carries money exactly across nodes: bigints come back bigints, numbers stay numbers', () => {
    const value = {
      amount: -12_345_678_901_234_567_890n,
      fee: 0n,
      count: 3,
      nested: [{ micros: 1n }, null, 'text'],
      lookalike: { $bigint: 'not a number' },
    };
    const back = decodeCall(encodeCall(value)) as typeof value;
    expect(back).toEqual(value);
    expect(typeof back.amount).toBe('bigint');
    expect(typeof back.count).toBe('number');
  });
});
