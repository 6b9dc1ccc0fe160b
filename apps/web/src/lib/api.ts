/**
 * The request layer (docs/CONTRACT.md "Request layer"), on fetch.
 *
 * Every call sends the `lang` header, and `authorization` when it goes to our own server; GET and
 * DELETE add `t=<now>` so no cache in between answers with yesterday's prices. The server answers `{code, msg, data}`:
 * code 1 resolves `data` (or the whole envelope with `flat: false`), any other code toasts `msg`
 * and rejects with an ApiError, and 999 (session invalid) also signs the user out. The envelope is
 * read even from 4xx/5xx answers, because the server explains its refusals there too.
 *
 * The client is created with its effects (toasts, navigation, token) injected, so the envelope
 * rules can be tested in Node without a browser:
 *
 *   const api = createApiClient({ getLang: () => 'en', getToken: () => '', notify, ... });
 *   const list = await api.get<Instrument[]>('/v1/api/forex/trade_list', { params: { category_id: 2 } });
 */
import { ResponseCode, type Envelope } from '@omp/protocol';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  params?: Record<string, QueryValue>;
  /** A body for POST/PUT/PATCH: an object is sent as JSON (or form-encoded with `form`). */
  data?: Record<string, unknown> | FormData | URLSearchParams;
  /** Send an object body as application/x-www-form-urlencoded (the login and register calls). */
  form?: boolean;
  /** false: resolve the whole envelope instead of its `data`. */
  flat?: boolean;
  /** false: reject quietly, the caller explains the failure itself. */
  showErrorMessage?: boolean;
  /** A start-up call: a 999 answer must not bounce a visitor to the login page. */
  init?: boolean;
  /** Block the screen with a spinner until the answer arrives (no time-out, as the contract says). */
  loading?: boolean;
  /** Toast on success: true shows the server's `msg`, a string shows that text. */
  successToast?: boolean | string;
  /** Extra headers, e.g. the Idempotency-Key of a money-changing call. */
  headers?: Record<string, string>;
  /**
   * A trade: refused before sending while the app is offline, because it would act on prices the
   * user can no longer see move (and would most likely not arrive anyway).
   */
  requireOnline?: boolean;
  signal?: AbortSignal;
}

export interface ApiNotifier {
  error(message: string): void;
  success(message: string): void;
  showLoading(): void;
  hideLoading(): void;
}

export interface ApiDeps {
  getLang(): string;
  getToken(): string;
  notify: ApiNotifier;
  /** Code 999: forget the user and go to the login page. */
  onSessionInvalid(): void;
  /** Texts for failures that carry no server message, already translated. */
  messages: { network(detail: string): string; http(status: number): string };
  /**
   * Headers that say which device this is (the app's random device id, its time zone), sent to our
   * own server so a session opened by any call records its device.
   */
  getDeviceHeaders?: () => Record<string, string>;
  /** Whether the app is offline now (calls with `requireOnline` are refused); never, when absent. */
  isOffline?: () => boolean;
  fetch?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
}

/** Why a call failed: a server refusal (code ≠ 1), an HTTP failure without envelope, or the network. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly envelope: Envelope | undefined;
  constructor(message: string, code: number, status: number, envelope?: Envelope) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.envelope = envelope;
  }
}

/** Code used in ApiError when no envelope arrived at all. */
export const NETWORK_ERROR_CODE = -1;
/** Code used in ApiError for a call refused before sending, because the app is offline. */
export const OFFLINE_CODE = -2;

export interface ApiClient {
  request<T>(path: string, options: RequestOptions & { flat: false }): Promise<Envelope<T>>;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  post<T>(
    path: string,
    data?: RequestOptions['data'],
    options?: Omit<RequestOptions, 'method' | 'data'>,
  ): Promise<T>;
  /**
   * A file our server answers (a statement's CSV or PDF), fetched with the session header like
   * every call, so no token goes into a URL. A refusal comes as the envelope and fails as a call.
   */
  download(path: string, options?: Pick<RequestOptions, 'params' | 'signal'>): Promise<DownloadedFile>;
}

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's Content-Disposition. */
  filename: string;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function buildUrl(
  base: string,
  path: string,
  params: Record<string, QueryValue> | undefined,
  t: number | undefined,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  if (t !== undefined) search.set('t', String(t));
  const query = search.toString();
  return `${base}${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`;
}

function buildBody(options: RequestOptions, headers: Record<string, string>): BodyInit | undefined {
  const { data } = options;
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof URLSearchParams) return data;
  if (options.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(data)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    return form;
  }
  headers['content-type'] = 'application/json';
  return JSON.stringify(data);
}

export function createApiClient(deps: ApiDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  let loadingCount = 0;

  const startLoading = () => {
    if (loadingCount++ === 0) deps.notify.showLoading();
  };
  const stopLoading = () => {
    if (--loadingCount === 0) deps.notify.hideLoading();
  };

  /** Fails a call whose answer is no success: the server's words, or the HTTP status's. */
  function refuse(payload: unknown, response: Response, options: RequestOptions): never {
    const showError = options.showErrorMessage !== false;
    if (!isEnvelope(payload)) {
      const message = deps.messages.http(response.status);
      if (showError) deps.notify.error(message);
      throw new ApiError(message, NETWORK_ERROR_CODE, response.status);
    }
    const message = payload.msg || deps.messages.http(response.status);
    if (showError) deps.notify.error(message);
    if (payload.code === ResponseCode.sessionInvalid && !options.init) deps.onSessionInvalid();
    throw new ApiError(message, payload.code, response.status, payload);
  }

  async function fetchOrFail(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) throw error;
      const detail = error instanceof Error && error.message ? error.message : String(error);
      const message = deps.messages.network(detail);
      if (options.showErrorMessage !== false) deps.notify.error(message);
      throw new ApiError(message, NETWORK_ERROR_CODE, 0);
    }
  }

  async function download(
    path: string,
    options: Pick<RequestOptions, 'params' | 'signal'> = {},
  ): Promise<DownloadedFile> {
    const headers = { lang: deps.getLang(), authorization: deps.getToken() };
    const url = buildUrl(deps.baseUrl ?? '', path, options.params, now());
    startLoading();
    try {
      const response = await fetchOrFail(
        url,
        { method: 'GET', headers, ...(options.signal ? { signal: options.signal } : {}) },
        options,
      );
      if (!response.ok || (response.headers.get('content-type') ?? '').includes('json'))
        refuse(await response.json().catch(() => undefined), response, options);
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
      return { blob: await response.blob(), filename };
    } finally {
      stopLoading();
    }
  }

  async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
    const method = options.method ?? 'GET';
    const stamped = method === 'GET' || method === 'DELETE';
    // Another host (a broker's own complaint service) gets the language, never the session token.
    const ownServer = !/^https?:\/\//i.test(path);
    const headers: Record<string, string> = {
      ...options.headers,
      lang: deps.getLang(),
      ...(ownServer ? { ...deps.getDeviceHeaders?.(), authorization: deps.getToken() } : {}),
    };
    const body = stamped ? undefined : buildBody(options, headers);
    const url = buildUrl(deps.baseUrl ?? '', path, options.params, stamped ? now() : undefined);
    const showError = options.showErrorMessage !== false;

    // Nothing is sent, so the outcome is certain: not done (an idempotency key is not kept for it).
    if (options.requireOnline && deps.isOffline?.()) {
      const message = deps.messages.network('offline');
      if (showError) deps.notify.error(message);
      throw new ApiError(message, OFFLINE_CODE, 0);
    }

    if (options.loading) startLoading();
    try {
      const response = await fetchOrFail(
        url,
        {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          ...(options.signal ? { signal: options.signal } : {}),
        },
        options,
      );

      let payload: unknown;
      try {
        payload = await response.json();
      } catch (error) {
        if (isAbortError(error) || options.signal?.aborted) throw error;
        payload = undefined;
      }

      if (!isEnvelope(payload) || payload.code !== ResponseCode.ok) refuse(payload, response, options);

      if (options.successToast) {
        const text = typeof options.successToast === 'string' ? options.successToast : payload.msg;
        if (text) deps.notify.success(text);
      }
      return options.flat === false ? payload : payload.data;
    } finally {
      if (options.loading) stopLoading();
    }
  }

  return {
    request: request as ApiClient['request'],
    download,
    get: (path, options) => request(path, { ...options, method: 'GET' }) as Promise<never>,
    post: (path, data, options) =>
      request(path, {
        ...options,
        method: 'POST',
        ...(data === undefined ? {} : { data }),
      }) as Promise<never>,
  };
}

let configured: ApiClient | undefined;

/** Installs the app's client once at start-up (see app/api-wiring.ts). */
export function configureApi(client: ApiClient): void {
  configured = client;
}

function client(): ApiClient {
  if (!configured) throw new Error('The API client is used before configureApi() ran.');
  return configured;
}

/** The app-wide client; features import this and never see fetch. */
export const api: ApiClient = {
  request: ((path: string, options?: RequestOptions) =>
    client().request(path, options ?? {})) as ApiClient['request'],
  get: (path, options) => client().get(path, options),
  post: (path, data, options) => client().post(path, data, options),
  download: (path, options) => client().download(path, options),
};
