/**
 * A hostile run over the whole API, driven by the OpenAPI document the server publishes: every
 * operation it lists gets a few hundred seeded bad requests (helpers/fuzz-requests.ts), sent as a
 * real user (a staff member for /admin routes) whose neighbour has recognisable private data.
 * Every answer must be below 500, in the envelope, free of internals (stack, SQL, file paths,
 * framework error codes), and never show the neighbour's data or let their records change.
 *
 * FUZZ_SEED picks the sequence (printed at the start, so a failure can be replayed); FUZZ_RUNS
 * multiplies the requests per operation for a longer run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, ResponseCode } from '@omp/protocol';
import { translate } from '../src/i18n/translate.ts';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { operationsOf, fuzzRequest, type FuzzOperation, type FuzzRequest } from './helpers/fuzz-requests.ts';
import { seededRng } from './helpers/fuzz-values.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { callApi, staffSignIn } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { uploadedPng } from './helpers/upload-helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const REQUESTS_PER_OPERATION = Math.max(1, Math.round(300 * RUNS));

/** The neighbour's private data: none of it may appear in an answer to the fuzzing user. */
const VICTIM = {
  email: 'quillon.vexmarker@example.com',
  name: 'Quillon Vexmarker',
  cardId: 'VXMARK44178',
  bankName: 'Vexmarker Private Bank',
  payeeAccount: 'VXACCT990011223344',
};

/** What an answer must never contain: a stack frame, SQL or a database error, a path, a framework code. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack frame', /\n\s+at |\bat [\w$.<>]+ \(/],
  ['error text', /\b(?:Type|Range|Syntax|Reference)?Error:/],
  ['SQL', /\bselect\b[^"]{0,200}\bfrom\b|\binsert into\b|\bupdate\b \S+ \bset\b|\bdelete from\b/i],
  [
    'database error',
    /SQLITE_|syntax error at|violates .* constraint|duplicate key|invalid input syntax|relation "|kysely/i,
  ],
  ['file path', /(?:\/work\/|\/home\/|\/tmp\/|\/usr\/|node_modules|[A-Z]:\\|\.(?:ts|js|mjs):\d+)/],
  ['framework code', /\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}/],
  // Fastify's and its parsers' own (English) wording.
  [
    'framework message',
    /content-type is set to|Unsupported Media Type|did not match Content-Length|not a valid url component|Unexpected end of|Boundary not found|reach \w+ limit/i,
  ],
];

/**
 * The database's own refusal of a value (PostgreSQL: too long for its column, out of its range), in
 * every language. A field rule must refuse such a value first, by name: SQLite would store it.
 */
const DATABASE_REFUSALS = new Set(LANGUAGES.map((lang) => translate(lang, 'value_not_storable')));

/** Operations whose success is a file rather than the envelope: an upload, a statement download. */
const FILE_PATHS = /^\/v1\/files\/\{name\}$|\/statement\.(?:csv|pdf)$/;

interface Session {
  token: string;
  id: number;
}

describe.each(databaseEngines())('API fuzz on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let user: Session;
  let staff: string;
  let staffCounter = 0;
  let victim: Session & { orderId: number; methodId: number; files: string[] };
  let operations: FuzzOperation[];
  let userFixtures: Record<string, readonly unknown[]>;
  let staffFixtures: Record<string, readonly unknown[]>;

  /** A new admin made through the service, so a fuzzed change to another admin cannot lock us out. */
  const newStaffSession = async () => {
    const username = `fuzz-admin-${++staffCounter}`;
    const password = `Fuzz-admin-pass-${staffCounter}`;
    await rt.app.staffService.create({ id: 1 }, { username, password, roles: ['admin'] });
    return staffSignIn(rt, username, password);
  };

  const ticks = () => {
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('USDJPY', '155.000', '155.014');
  };

  /** A real user with an order, a bound bank account, a deposit and an identity under review. */
  const populatedUser = async (marks: typeof VICTIM) => {
    const session = await t.realUser('5000');
    await rt.database.db
      .updateTable('users')
      .set({ email: marks.email })
      .where('id', '=', session.id)
      .execute();
    rt.app.auth.forgetUser(session.id);
    const post = <T>(url: string, body: Record<string, unknown>) =>
      callApi<T>(rt, 'POST', url, session.token, body);
    const files = [await uploadedPng(rt, session.token), await uploadedPng(rt, session.token)];
    const identity = await post('/api/user_real/real_name', {
      name: marks.name,
      card_id: marks.cardId,
      front_pic: files[0],
      reverse_pic: files[1],
    });
    const eurusd = t.spec('EURUSD').id;
    const order = await t.submit(session.token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd,
      status: 1,
      multiple: 20,
    });
    const [bank] = (
      await callApi<Array<{ id: number }>>(rt, 'GET', '/api/account/draw_symbol_list?type=2', session.token)
    ).data;
    const method = await post<{ id: number }>('/api/wallet/bind_draw_method', {
      type: 2,
      draw_currency_id: bank!.id,
      bank_name: marks.bankName,
      payee_name: marks.name,
      payee_account: marks.payeeAccount,
      bank_swift: 'NWBKGB2L',
    });
    const [network] = (
      await callApi<Array<{ id: number }>>(rt, 'GET', '/api/quickCharge/info', session.token)
    ).data;
    const deposit = await post('/api/quickCharge/submit', {
      number: '100',
      proofImg: files[0],
      charge_id: network!.id,
    });
    for (const answer of [identity, order, method, deposit])
      if (answer.code !== 1) throw new Error(`setting up a user failed: ${answer.msg}`);
    return { ...session, orderId: order.data.Id, methodId: method.data.id, files, bankId: bank!.id };
  };

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    ticks();
    const populatedVictim = await populatedUser(VICTIM);
    victim = populatedVictim;
    const own = await populatedUser({
      email: 'fuzzer@example.com',
      name: 'Fuzz User',
      cardId: 'FZ123456',
      bankName: 'Fuzz Bank',
      payeeAccount: 'FZ000111',
    });
    user = own;
    staff = await newStaffSession();
    const document = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    // Operations that end sessions go last, so the others run with a live session more often.
    operations = operationsOf(document).sort(
      (a, b) => Number(/logout|disable/.test(a.path)) - Number(/logout|disable/.test(b.path)),
    );
    const instruments = [t.spec('EURUSD').id, t.spec('USDJPY').id];
    const fileNames = (urls: string[]) => urls.map((url) => url.split('/').pop()!);
    userFixtures = {
      forex_id: instruments,
      // The neighbour's records as often as one's own: acting on them must be refused.
      id: [victim.orderId, own.orderId, victim.methodId, own.methodId],
      draw_method_id: [victim.methodId, own.methodId],
      draw_currency_id: [own.bankId],
      proofImg: [...victim.files, ...own.files],
      front_pic: [...victim.files, ...own.files],
      reverse_pic: [...victim.files, ...own.files],
      name: [...fileNames(victim.files), ...fileNames(own.files), 'Fuzz User'],
      password: ['Fuzz-pass-2026'],
    };
    staffFixtures = {
      forex_id: instruments,
      id: [1, 2, 3, 999_999],
      user_id: [victim.id, own.id],
      // Staff may close a trader's position: they close the fuzzing user's, so the check of the
      // neighbour's order below still tells whether a user's request reached it.
      order_id: [own.orderId, 999_999],
    };
    console.log(
      `API fuzz on ${engine}: seed ${SEED} (FUZZ_SEED), ${REQUESTS_PER_OPERATION} requests × ` +
        `${operations.length} operations (FUZZ_RUNS=${RUNS})`,
    );
  }, 120_000);
  afterAll(() => rt?.dispose());

  const tokenFor = (operation: FuzzOperation, request: FuzzRequest): string | undefined => {
    const own = operation.staff ? staff : user.token;
    const other = operation.staff ? user.token : staff;
    switch (request.auth) {
      case 'own':
        return own;
      case 'other-kind':
        return other;
      case 'garbage':
        return `${own}x`;
      case 'none':
        return undefined;
    }
  };

  /** What is wrong with one answer; empty when nothing is. */
  const problemsOf = (
    operation: FuzzOperation,
    request: FuzzRequest,
    status: number,
    contentType: string,
    text: string,
  ): string[] => {
    const problems: string[] = [];
    if (status >= 500) problems.push(`HTTP ${status}`);
    const isFile = status === 200 && FILE_PATHS.test(operation.path) && !contentType.includes('json');
    if (!isFile) {
      let body: EnvelopeBody | undefined;
      try {
        body = JSON.parse(text) as EnvelopeBody;
      } catch {
        problems.push('not JSON');
      }
      if (body !== undefined) {
        const keys = body !== null && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
        if (keys !== 'code,data,msg' || !Number.isInteger(body.code) || typeof body.msg !== 'string')
          problems.push('not the envelope');
        else if (body.msg.length > 1000) problems.push('message over 1000 characters');
        else if (DATABASE_REFUSALS.has(body.msg)) problems.push('refused by the database, not a field rule');
        else if (
          request.expected &&
          (status !== request.expected.status ||
            body.code !== request.expected.code ||
            !body.msg.includes(request.expected.mentions))
        )
          problems.push(`not the refusal of ${request.mutations[0]}`);
        // Another kind of session, or none, never gets a success where a session is required.
        if (
          request.auth !== 'own' &&
          (operation.staff || operation.secured) &&
          operation.path !== '/admin/api/login' &&
          body.code === 1
        )
          problems.push(`success with auth ${request.auth}`);
      }
      for (const [name, pattern] of LEAKS) if (pattern.test(text)) problems.push(`leaks ${name}`);
    }
    if (!operation.staff) {
      const markers = [...Object.values(VICTIM), ...victim.files.map((url) => url.split('/').pop()!)];
      // A marker the request itself carried (a file name in the path) may come back as it was sent.
      const sent = `${request.url} ${request.payload?.toString() ?? ''}`;
      for (const marker of markers)
        if (text.includes(marker) && !sent.includes(marker)) problems.push(`shows the neighbour's ${marker}`);
    }
    return problems;
  };

  /** After an answer that ended our session (a fuzzed logout, a disable), a new one. */
  const renewSessions = async () => {
    if (!(await rt.app.auth.userOfToken(user.token))) user = await t.realUser('5000');
    if (!(await rt.app.staffService.staffOfToken(staff))) staff = await newStaffSession();
  };

  it('answers every bad request below 500, in the envelope, with no internals and nothing of another user', async () => {
    const rng = seededRng(SEED);
    const failures = new Map<string, string>();
    /** Answers by HTTP status and envelope code, to see how far the requests got. */
    const outcomes = new Map<string, number>();
    let sent = 0;
    // One picture for every upload: the same bytes each time, and assembling them per request
    // (deflate and CRCs) was a twelfth of the run.
    const png = pngImage();
    for (const operation of operations) {
      const fixtures = operation.staff ? staffFixtures : userFixtures;
      for (let n = 0; n < REQUESTS_PER_OPERATION; n++) {
        const request = fuzzRequest(rng, operation, fixtures, png);
        const token = tokenFor(operation, request);
        const res = await rt.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...(token !== undefined ? { authorization: token } : {}) },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        sent++;
        const outcome = `${res.statusCode}/${/^\{"code":(-?\d+)/.exec(res.body)?.[1] ?? '-'}`;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        const problems = problemsOf(
          operation,
          request,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          res.body,
        );
        for (const problem of problems) {
          const key = `${operation.method} ${operation.path}: ${problem}`;
          if (!failures.has(key))
            failures.set(
              key,
              `${request.method} ${request.url.slice(0, 200)} [${request.mutations.join('; ')}] → ` +
                `${res.statusCode} ${res.body.slice(0, 300)}`,
            );
        }
        if (res.body.includes(`"code":${ResponseCode.sessionInvalid}`)) await renewSessions();
      }
      ticks();
    }
    const spread = [...outcomes].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key} ×${count}`);
    console.log(
      `API fuzz on ${engine}: ${sent} requests (HTTP/code: ${spread.join(', ')}), ${failures.size} problems`,
    );
    expect([...failures].map(([key, example]) => `${key}\n    e.g. ${example}`)).toEqual([]);

    // Nothing the fuzzing user sent changed the neighbour's records.
    await rt.trading.idle();
    const order = await rt.database.db
      .selectFrom('orders')
      .select(['user_id', 'status'])
      .where('id', '=', victim.orderId)
      .executeTakeFirstOrThrow();
    expect({ userId: Number(order.user_id), status: Number(order.status) }).toEqual({
      userId: victim.id,
      status: 1,
    });
    const method = await rt.database.db
      .selectFrom('draw_methods')
      .select(['user_id', 'deleted_at', 'payee_account'])
      .where('id', '=', victim.methodId)
      .executeTakeFirstOrThrow();
    expect({
      userId: Number(method.user_id),
      deleted: method.deleted_at,
      account: method.payee_account,
    }).toEqual({
      userId: victim.id,
      deleted: null,
      account: VICTIM.payeeAccount,
    });
  }, 600_000);
});
