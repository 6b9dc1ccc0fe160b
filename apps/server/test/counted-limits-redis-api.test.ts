/**
 * The counted limits on a cluster (PostgreSQL and Redis): two nodes on one schema and one Redis,
 * with a flood split between them as a load balancer would split it. Each limit is one limit for
 * the installation, not one per node: a user's uploads, the codes sent from one address of the
 * network, the wrong passwords tried on one account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.ts';
import { UPLOADS_IN_FLIGHT_PER_USER, UPLOADS_PER_HOUR } from '../src/services/upload-service.ts';
import { CODE_MAX_PER_IP_PER_HOUR } from '../src/services/verification-service.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '../src/services/login-attempts.ts';
import { accountClient } from './helpers/account-helpers.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { upload } from './helpers/upload-helpers.ts';
import {
  clusterUnavailable,
  forgetRedisKeys,
  startAnotherNode,
  testRedisUrl,
  uniqueKeyPrefix,
} from './helpers/cluster-target.ts';

describe.skipIf(clusterUnavailable('COUNTED LIMITS ACROSS NODES'))(
  'counted limits on a cluster of two nodes',
  () => {
    const keyPrefix = uniqueKeyPrefix();
    let first: TestRuntime;
    let second: TestRuntime;
    /** The node the i-th request of a flood reaches. */
    const nodeFor = (i: number) => (i % 2 === 0 ? first : second);

    beforeAll(async () => {
      first = await startTestRuntime({
        engine: 'postgres',
        env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: keyPrefix },
      });
      const runtime: Runtime = await startAnotherNode(first);
      second = { ...first, ...runtime };
    });
    afterAll(async () => {
      await second?.stop();
      await first?.dispose();
      await forgetRedisKeys(keyPrefix);
    });

    it('takes exactly 30 uploads of one user sent at once through both nodes', async () => {
      const owner = await tradingClient(first).realUser('0');
      // As many at once as each node lets one user have in flight, on both nodes together.
      const wave = 2 * UPLOADS_IN_FLIGHT_PER_USER;
      const answers = [];
      for (let sent = 0; sent < 40; sent += wave)
        answers.push(
          ...(await Promise.all(
            Array.from({ length: wave }, (_, i) => upload(nodeFor(i), owner.token, { bytes: pngImage() })),
          )),
        );
      expect(answers.filter((r) => r.body.code === 1)).toHaveLength(UPLOADS_PER_HOUR);
      expect(answers.filter((r) => r.body.code === 429)).toHaveLength(40 - UPLOADS_PER_HOUR);
    });

    it('sends exactly 20 codes from one address of the network asking through both nodes at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const client = accountClient(nodeFor(i), '10.30.0.1');
          return client.postForm('/api/notify/send_email', {
            to: `crowd-${i}@example.com`,
            type: 1,
            ...(await client.solvedCaptcha()),
          });
        }),
      );
      expect(answers.filter((answer) => answer.code === 1)).toHaveLength(CODE_MAX_PER_IP_PER_HOUR);
      expect(answers.filter((answer) => answer.code === 429)).toHaveLength(30 - CODE_MAX_PER_IP_PER_HOUR);
    });

    it('answers exactly five wrong passwords of one account tried through both nodes at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          accountClient(nodeFor(i), `10.31.0.${i + 1}`).postForm('/api/user/loginForU', {
            account: 'ghost-of-the-cluster@example.com',
            password: 'Wrong-pass-1',
          }),
        ),
      );
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(LOGIN_MAX_FAILURES_PER_ACCOUNT);
      expect(answers.filter((answer) => answer.code === 429)).toHaveLength(
        16 - LOGIN_MAX_FAILURES_PER_ACCOUNT,
      );
    });
  },
);
