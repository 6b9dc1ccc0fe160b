/**
 * A password change on a cluster: two nodes on one PostgreSQL schema and one Redis. The change is
 * made through one node; the phone's socket is on the other, which hears of it through Redis in its
 * own time. The phone signs its socket in again with the new token, and the end of the old sessions
 * reaching that node afterwards (here: the same message crossing once more, late) must leave the
 * socket alone: telling it `password_changed` would sign the phone out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionEnded } from '../src/events/event-bus.ts';
import {
  asTestNode,
  clusterUnavailable,
  forgetRedisKeys,
  startAnotherNode,
  testRedisUrl,
  uniqueKeyPrefix,
} from './helpers/cluster-target.ts';
import type { Message } from './helpers/recording-client.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { signedInSocket } from './helpers/trading-suite.ts';

const PASSWORD = 'Sturdy-pass-81';
const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

describe.skipIf(clusterUnavailable('SESSION END ACROSS NODES CASES'))('session ends on a cluster', () => {
  const keyPrefix = uniqueKeyPrefix();
  let changing: TestRuntime;
  let phones: TestRuntime;

  beforeAll(async () => {
    changing = await startTestRuntime({
      engine: 'postgres',
      env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: keyPrefix },
    });
    phones = asTestNode(changing, await startAnotherNode(changing));
  });
  afterAll(async () => {
    await phones?.stop();
    await changing?.dispose();
    await forgetRedisKeys(keyPrefix);
  });

  it("leaves the phone's socket, signed in again with its new token, alone when the end arrives late", async () => {
    const t = tradingClient(changing);
    const { token, id } = await t.realUser('10000');
    const email = `late-end-${Date.now()}@example.com`;
    await t.signInWith(id, email, PASSWORD);
    const socket = await signedInSocket(phones, token);
    expect(socket.received.filter(isType('login_result'))).toEqual([expect.objectContaining({ code: 1 })]);
    const heardThere: SessionEnded[] = [];
    const stopHearing = phones.events.subscribe('session_ended', (event) => heardThere.push(event));

    const changed = await t.changePasswordByCode(token, email, 'Changed-pass-456');
    expect(changed).toMatchObject({ code: 1 });
    await vi.waitFor(() => expect(heardThere).toHaveLength(1));
    socket.send({ type: 'login', params: changed.data.token });
    await socket.waitFor(
      (m) => isType('login_result')(m) && socket.received.filter(isType('login_result')).length === 2,
    );
    expect(socket.received.filter(isType('login_result')).at(-1)).toMatchObject({ code: 1 });

    // The end crosses to the phone's node again, after its socket moved to the new session.
    changing.events.publish('session_ended', heardThere[0]!);
    await vi.waitFor(() => expect(heardThere).toHaveLength(2));
    stopHearing();
    // Whatever the node sent on hearing it was written before this pong.
    const mark = socket.received.length;
    socket.send('ping');
    await socket.waitFor((m) => m === 'pong' && socket.received.slice(mark).includes('pong'));
    expect(socket.received.filter(isType('session_ended'))).toEqual([]);
    socket.close();
  });
});
