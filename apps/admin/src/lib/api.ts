/**
 * The back office's request layer. Every call goes to /admin/api on this origin with the staff
 * token in `authorization` and the staff member's language in `lang`; the server answers
 * `{code, msg, data}`. Code 1 resolves `data`; any other code rejects with an ApiError carrying
 * the server's own sentence (shown as it is: the server explains every refusal), and 999 also
 * ends the session here, so the next screen is the login.
 *
 * Every POST carries an Idempotency-Key. A call that came back without an envelope (the network
 * dropped, a gateway answered 502) may or may not have changed something; sent again unchanged it
 * carries the same key, so a money action the server honours keys for (a balance adjustment) is
 * made once however often staff retry it. A definitive answer retires the key: the same action
 * confirmed again later is a new action.
 *
 * Effects are injected, so the envelope rules are tested without a browser.
 */
import { IDEMPOTENCY_HEADER, IdempotencyKeys, ResponseCode, type Envelope } from '@omp/protocol';

export type Params = Record<string, string | number | undefined | null>;

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(message: string, code: number, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export interface ApiDeps {
  getToken(): string | undefined;
  getLang(): string;
  onSessionInvalid(): void;
  /** Text for a failure without an envelope (network down, proxy error), already translated. */
  networkError(detail: string): string;
  /** The server's sentence in the member's own script, where the server has none of its own. */
  localize?(text: string): string | Promise<string>;
  fetch?: typeof fetch;
}

export interface AdminApi {
  get<T>(path: string, params?: Params): Promise<T>;
  post<T>(path: string, body?: Record<string, unknown>): Promise<T>;
  /** The envelope's message too, for actions that confirm what they did ("Saved"). */
  postForMessage<T>(path: string, body?: Record<string, unknown>): Promise<{ data: T; msg: string }>;
}

export function queryString(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A failure without an envelope: whatever was asked may or may not have been done. */
const NO_ENVELOPE = -1;

export function createApi(deps: ApiDeps): AdminApi {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const keys = new IdempotencyKeys((error) => error instanceof ApiError && error.code === NO_ENVELOPE);

  function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
    if (method === 'GET') return send<T>(method, path, body, undefined);
    return keys.send(`${path} ${JSON.stringify(body ?? {})}`, (key) => send<T>(method, path, body, key));
  }

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown> | undefined,
    idempotencyKey: string | undefined,
  ) {
    const token = deps.getToken();
    let response: Response;
    try {
      response = await doFetch(path, {
        method,
        headers: {
          lang: deps.getLang(),
          ...(token ? { authorization: token } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      throw new ApiError(
        deps.networkError(error instanceof Error ? error.message : String(error)),
        NO_ENVELOPE,
        0,
      );
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new ApiError(deps.networkError(`HTTP ${response.status}`), NO_ENVELOPE, response.status);
    }
    if (envelope.code === ResponseCode.sessionInvalid) deps.onSessionInvalid();
    const msg = deps.localize ? await deps.localize(envelope.msg) : envelope.msg;
    if (envelope.code !== ResponseCode.ok) throw new ApiError(msg, envelope.code, response.status);
    return { ...envelope, msg };
  }

  return {
    get: async (path, params) => (await call<never>('GET', `${path}${queryString(params)}`)).data,
    post: async (path, body = {}) => (await call<never>('POST', path, body)).data,
    postForMessage: async <T>(path: string, body: Record<string, unknown> = {}) => {
      const envelope = await call<T>('POST', path, body);
      return { data: envelope.data, msg: envelope.msg };
    },
  };
}
