/**
 * What the history bench sends (kline-history.ts), in a module of its own so the load generator's
 * worker threads (load-workers.ts) send the same requests and check the answers the same way.
 *
 * Parsing 80 KB of JSON per answer would make the load generator the limit long before the
 * server, so history answers are checked without parsing: every answer for its status and
 * encoding, every uncompressed one for the envelope's `{"code":1,` and the closing `]}`, and every
 * CHECK_EVERY-th (decompressed here when compressed) for its count of bars too (1,000 where that
 * much history exists).
 */
import { decoded, type Answer, type HttpClient } from './http-load.ts';
import type { LoadScenario } from './load-workers.ts';
import { PLAIN_PATH } from './server-process.ts';

export type Endpoint = 'plain' | 'kline' | 'abbreviated';

export const BARS = 1000;
export const ABBREVIATED_BARS = 96;
const CHECK_EVERY = 8;
const OK_HEAD = Buffer.from('{"code":1,');
const OK_END = Buffer.from(']}');
const BAR = Buffer.from('{"Time":');

/** Plain data, so it crosses to worker threads. */
export interface HistorySetup {
  endpoint: Endpoint;
  headers: Record<string, string>;
  /** Instrument, period and the count of bars each answer must hold. */
  targets: Array<{ id: number; period: string; bars: number }>;
  /** Instruments of the mini charts. */
  ids: number[];
}

/** A history answer checked without parsing it (see the header): the envelope's code 1 and its bars. */
async function historyAnswer(
  client: HttpClient,
  path: string,
  headers: Record<string, string>,
  sequence: number,
  bars: number,
): Promise<Answer> {
  const answer = await client.raw('GET', path, headers);
  const encoding = answer.headers['content-encoding'];
  const failed = (msg: string): Answer => ({ status: answer.status, code: -1, msg, data: null });
  if (answer.status !== 200) return failed(answer.body.toString('utf8').slice(0, 200));
  if ('accept-encoding' in headers && encoding !== 'br') return failed(`content-encoding ${encoding}`);
  const counted = sequence % CHECK_EVERY === 0;
  if (encoding && !counted) return { status: 200, code: 1, msg: '', data: null };
  const body = decoded(answer.headers, answer.body);
  if (!body.subarray(0, OK_HEAD.length).equals(OK_HEAD) || !body.subarray(-OK_END.length).equals(OK_END))
    return failed(body.toString('utf8').slice(0, 200));
  if (!counted) return { status: 200, code: 1, msg: '', data: null };
  let count = 0;
  for (let at = body.indexOf(BAR); at !== -1; at = body.indexOf(BAR, at + BAR.length)) count++;
  if (count !== bars) return failed(`${count} bars, not ${bars}`);
  return { status: 200, code: 1, msg: '', data: null };
}

export default function historyScenario(client: HttpClient, setup: HistorySetup): LoadScenario {
  const { endpoint, headers, targets, ids } = setup;
  if (endpoint === 'plain')
    return {
      send: () => client.call('GET', PLAIN_PATH, headers),
      // Outside the envelope: its status says it all.
      succeeded: (answer) => answer.status === 200,
    };
  if (endpoint === 'kline')
    return {
      send: (sequence) => {
        const { id, period, bars } = targets[sequence % targets.length]!;
        const path = `/v1/api/forex/kline?forex_id=${id}&period=${period}&limit=${BARS}`;
        return historyAnswer(client, path, headers, sequence, bars);
      },
    };
  return {
    send: (sequence) => {
      const path = `/v1/api/forex/abbreviated_cache_kline?forex_id=${ids[sequence % ids.length]}&period=1M`;
      return historyAnswer(client, path, headers, sequence, ABBREVIATED_BARS);
    },
  };
}
