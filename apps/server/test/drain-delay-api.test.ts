/**
 * A stop behind a balancer: /readyz turns 503 at once, and for DRAIN_DELAY_MS the node goes on
 * answering what still reaches it, so the balancer takes it out before its listener closes and no
 * client is refused at the door. Without a delay the node closes at once, as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

describe('the drain delay of a stop', () => {
  let rt: TestRuntime | undefined;
  afterAll(async () => {
    await rt?.dispose().catch(() => undefined);
  });

  it('answers 503 on /readyz and still serves requests until the delay has passed', async () => {
    rt = await startTestRuntime({ env: { DRAIN_DELAY_MS: '600' } });
    const node = rt;
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const address = node.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    let stopped = false;
    const stopping = node.stop().then(() => (stopped = true));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ failing: ['shutdown'] });
    const served = await fetch(`${base}/v1/api/forex/trade_list`, { headers: { lang: 'en' } });
    expect(served.status).not.toBe(503);
    expect(stopped).toBe(false);
    await stopping;
    await expect(fetch(`${base}/readyz`)).rejects.toThrow();
  });
});
