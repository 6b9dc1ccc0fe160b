/**
 * An HTTP client of one node, as a phone, the back office or a price bridge calls it over the
 * network (fetch, `lang: en`): demo and real users, order calls, the back office's sign-in with
 * its authenticator, uploads, tick ingest, and a signed-in socket on the user's trade stream.
 */
import { generate } from 'otplib';
import type { Instrument, LoginResult, OrderRow, StaffSecondFactorStep } from '@omp/protocol';
import type { EnvelopeBody } from './account-helpers.ts';
import { multipartBody } from './upload-helpers.ts';
import { RecordingClient } from './recording-client.ts';

/** The price bridge's secret every node of a test cluster is started with. */
export const CLUSTER_INGEST_SECRET = 'cluster-ingest-secret-0123';

/** What a staff member's phone knows: the authenticator secret and the last time step used. */
export interface StaffPhone {
  secret?: string;
  lastStep: number;
  recoveryCodes: string[];
}

export interface CallOptions {
  token?: string;
  /** Sent form-encoded, as the phone app sends order calls. */
  form?: Record<string, string | number | undefined>;
  json?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface Answer<T> {
  status: number;
  body: EnvelopeBody<T>;
}

let demoCounter = 0;

export class NodeClient {
  readonly name: string;
  readonly url: string;

  constructor(name: string, url: string) {
    this.name = name;
    this.url = url;
  }

  /** The answer of one call; a node that is gone or does not answer in time throws. */
  async call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { lang: 'en', ...options.headers };
    if (options.token) headers.authorization = options.token;
    let body: string | undefined;
    if (options.form) {
      const fields = new URLSearchParams();
      for (const [key, value] of Object.entries(options.form))
        if (value !== undefined) fields.set(key, String(value));
      body = fields.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    return { status: res.status, body: (await res.json()) as EnvelopeBody<T> };
  }

  /** /readyz's status, or 0 when the node does not answer. */
  async readyStatus(): Promise<number> {
    try {
      const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  async ingest(ticks: Array<{ code: string; bid: string; ask?: string }>): Promise<void> {
    const { body } = await this.call('POST', '/v1/api/forex/ingest', {
      json: { ticks },
      headers: { 'x-ingest-secret': CLUSTER_INGEST_SECRET },
    });
    if (body.code !== 1) throw new Error(`${this.name} refused ticks: ${body.msg}`);
  }

  /** A demo user as the one-tap demo login makes it. */
  async demoUser(): Promise<{ token: string; id: number }> {
    const demoId = `cluster-demo-${process.pid}-${++demoCounter}-${Date.now()}`;
    const { body } = await this.call<LoginResult>('GET', `/api/user/createAccountDemoForU?demo_id=${demoId}`);
    if (body.code !== 1) throw new Error(`demo login on ${this.name} failed: ${body.msg}`);
    return { token: body.data.token, id: body.data.user.id };
  }

  /**
   * A real user registered by e-mail as a visitor does it: the captcha (every node accepts the
   * test answer), the code, read from the outbox by `codeFor`, and the registration.
   */
  async realUser(
    email: string,
    captchaAnswer: string,
    codeFor: (address: string) => Promise<string>,
  ): Promise<{ token: string; id: number }> {
    const captcha = await this.call<{ id: string }>('GET', '/api/captcha');
    const sent = await this.call('POST', '/api/notify/send_email', {
      form: { to: email, type: 1, key: captcha.body.data.id, captcha: captchaAnswer },
    });
    if (sent.body.code !== 1) throw new Error(`sending the code to ${email} failed: ${sent.body.msg}`);
    const password = 'Sturdy-pass-81';
    const { body } = await this.call<LoginResult>('POST', '/api/user/register', {
      form: {
        type: 'email',
        account: email,
        password,
        re_password: password,
        sms_code: await codeFor(email),
      },
    });
    if (body.code !== 1) throw new Error(`registering ${email} failed: ${body.msg}`);
    return { token: body.data.token, id: body.data.user.id };
  }

  submit(
    token: string,
    fields: Record<string, string | number | undefined>,
    headers: Record<string, string> = {},
  ) {
    return this.call<OrderRow>('POST', '/v1/api/forex/submit', { token, form: fields, headers });
  }

  close(token: string, id: number, headers: Record<string, string> = {}) {
    return this.call<OrderRow>('POST', '/v1/api/forex/close', { token, form: { id }, headers });
  }

  setStops(token: string, fields: Record<string, string | number>) {
    return this.call<OrderRow>('POST', '/v1/api/forex/set_stop_price', { token, form: fields });
  }

  /** The instruments with this node's live quotation. */
  async instruments(): Promise<Instrument[]> {
    const { body } = await this.call<Instrument[]>('GET', '/v1/api/forex/trade_list');
    return body.data;
  }

  async instrument(code: string): Promise<Instrument> {
    const found = (await this.instruments()).find((instrument) => instrument.Code === code);
    if (!found) throw new Error(`${this.name} lists no ${code}`);
    return found;
  }

  /**
   * A full staff sign-in over HTTP: the password, then the authenticator, enrolled on the first
   * sign-in with the library an authenticator app follows. A code is good once per 30 s step, so
   * a later sign-in within the same step uses the next one (one step of drift is accepted) or a
   * recovery code.
   */
  async staffSignIn(username: string, password: string, phone: StaffPhone): Promise<string> {
    const login = await this.call<{ token: string; second_factor: StaffSecondFactorStep }>(
      'POST',
      '/admin/api/login',
      { json: { username, password } },
    );
    if (login.body.code !== 1) throw new Error(`staff login of ${username} failed: ${login.body.msg}`);
    const { token, second_factor } = login.body.data;
    const step = Math.floor(Date.now() / 30_000);
    const codeAt = (secret: string, at: number) => generate({ secret, epoch: at * 30 });
    if (second_factor === 'enrol') {
      const enrolment = await this.call<{ secret: string }>('POST', '/admin/api/2fa/enrol', { token });
      const secret = enrolment.body.data.secret;
      const confirmed = await this.call<{ recovery_codes: string[] }>(
        'POST',
        '/admin/api/2fa/enrol/confirm',
        {
          token,
          json: { code: await codeAt(secret, step) },
        },
      );
      if (confirmed.body.code !== 1)
        throw new Error(`enrolment of ${username} failed: ${confirmed.body.msg}`);
      Object.assign(phone, { secret, lastStep: step, recoveryCodes: confirmed.body.data.recovery_codes });
      return token;
    }
    if (!phone.secret) throw new Error(`${username} enrolled an authenticator this test does not know`);
    const nextStep = Math.max(step, phone.lastStep + 1);
    const json =
      nextStep <= step + 1
        ? { code: await codeAt(phone.secret, nextStep) }
        : { recovery_code: phone.recoveryCodes.shift() };
    const verified = await this.call('POST', '/admin/api/2fa/verify', { token, json });
    if (verified.body.code !== 1)
      throw new Error(`second factor of ${username} failed: ${verified.body.msg}`);
    if (json.code) phone.lastStep = nextStep;
    return token;
  }

  /** Uploads one image as a phone's browser does (multipart, field `file`); answers its url. */
  async upload(token: string, bytes: Buffer): Promise<string> {
    const { boundary, payload } = multipartBody([{ bytes }]);
    const res = await fetch(`${this.url}/api/common/image_upload`, {
      method: 'POST',
      headers: {
        lang: 'en',
        authorization: token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: new Uint8Array(payload),
    });
    const body = (await res.json()) as EnvelopeBody<{ url: string }>;
    if (body.code !== 1) throw new Error(`upload on ${this.name} failed: ${body.msg}`);
    return body.data.url;
  }

  /** A file by its url (a path on the node), with a session or by its signed link. */
  async file(url: string, token?: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
    const res = await fetch(`${this.url}${url}`, { headers: token ? { authorization: token } : {} });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }

  /** A socket signed in as the user and subscribed to their trade stream (FOREX_TRADE and FOREX_CLOSED). */
  async tradeSocket(token: string): Promise<RecordingClient> {
    const socket = new RecordingClient(`${this.url.replace(/^http/, 'ws')}/v1/ws?lang=en`);
    await socket.open();
    socket.send({ type: 'login', params: token, version: 1 });
    await socket.waitFor((m) => typeof m === 'object' && m.type === 'login_result' && m.code === 1);
    for (const topic of ['FOREX_TRADE', 'FOREX_CLOSED']) {
      socket.send({ type: 'sub', params: topic });
      await socket.waitFor((m) => typeof m === 'object' && m.type === 'sub_result' && m.params === topic);
    }
    return socket;
  }
}

/** Whether a socket message is a FOREX_ORDER push carrying this order in this status. */
export function isOrderPush(id: number, status: number) {
  return (message: unknown) =>
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: string }).type === 'FOREX_ORDER' &&
    ((message as { orders?: OrderRow[] }).orders ?? []).some((row) => row.Id === id && row.Status === status);
}
