import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { FreshQueryClient } from './fresh-query-client.ts';

/**
 * A record that changes while a screen's first load of it is under way: the server answered the
 * load with the old value before the change, and its answer arrives after.
 */
async function valueShownAfterChangeDuringFirstLoad(client: QueryClient): Promise<string> {
  let stored = 'off';
  const answers: Array<() => void> = [];
  const observer = new QueryObserver(client, {
    queryKey: ['user_info'],
    queryFn: () => {
      const read = stored; // read by the server when asked
      return new Promise<string>((resolve) => answers.push(() => resolve(read)));
    },
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => {});
  expect(answers).toHaveLength(1); // the first load is under way
  stored = 'on'; // the user's change, committed
  const refreshed = client.invalidateQueries({ queryKey: ['user_info'] });
  for (const answer of answers.splice(0)) answer(); // the first load's answer arrives late
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const answer of answers.splice(0)) answer();
  await refreshed;
  unsubscribe();
  return observer.getCurrentResult().data as string;
}

describe('FreshQueryClient', () => {
  it('answers an invalidation during a first load with a read made after it', async () => {
    expect(await valueShownAfterChangeDuringFirstLoad(new FreshQueryClient())).toBe('on');
  });

  it('is needed: the plain client keeps the first load and shows the value from before', async () => {
    expect(await valueShownAfterChangeDuringFirstLoad(new QueryClient())).toBe('off');
  });

  it('still answers an invalidation of a query that holds data with a new read', async () => {
    const client = new FreshQueryClient();
    let reads = 0;
    await client.fetchQuery({ queryKey: ['sessions'], queryFn: async () => ++reads });
    const observer = new QueryObserver(client, {
      queryKey: ['sessions'],
      queryFn: async () => ++reads,
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    await client.invalidateQueries({ queryKey: ['sessions'] });
    expect(observer.getCurrentResult().data).toBe(2);
    unsubscribe();
  });

  it('hands whoever waited on the cancelled first load the answer read after the change', async () => {
    const client = new FreshQueryClient();
    let stored = 'off';
    const query = {
      queryKey: ['user_info'],
      queryFn: async () => {
        const read = stored;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return read;
      },
    };
    const observer = new QueryObserver(client, query);
    const unsubscribe = observer.subscribe(() => {});
    const waited = client.fetchQuery(query); // a decision waiting on the first load
    stored = 'on';
    await client.invalidateQueries({ queryKey: ['user_info'] });
    expect(await waited).toBe('on');
    unsubscribe();
  });
});
