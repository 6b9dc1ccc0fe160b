/**
 * Suites about trading mechanics (margin, stop-outs, idempotency, …) were written against the seed's
 * leverage options (100 on a major pair, 10 on a coin). The retail caps a new installation starts
 * with (services/leverage-caps.ts) would refuse those, so such a suite first does what a broker
 * serving professional clients does: staff lift every cap, through the back-office call.
 */
import { LEVERAGE_CAP_CLASSES, LEVERAGE_CAP_MAX } from '@omp/protocol';
import { adminToken, callApi } from './staff-helpers.ts';
import type { TestRuntime } from './test-runtime.ts';

export async function liftLeverageCaps(rt: TestRuntime): Promise<void> {
  const caps = Object.fromEntries(LEVERAGE_CAP_CLASSES.map((capClass) => [capClass, LEVERAGE_CAP_MAX]));
  const answer = await callApi(rt, 'POST', '/admin/api/leverage_caps', await adminToken(rt), {
    caps,
    reason: 'This suite trades at the seed leverage options',
  });
  if (answer.code !== 1) throw new Error(`lifting the leverage caps failed: ${answer.msg}`);
}
