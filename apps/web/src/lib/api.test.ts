import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, NETWORK_ERROR_CODE, OFFLINE_CODE, type ApiDeps } from './api.ts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response>,
  extra: Partial<ApiDeps> = {},
) {
  const notify = { error: vi.fn(), success: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() };
  const onSessionInvalid = vi.fn();
  const fetchSpy = vi.fn(fetchImpl);
  const deps: ApiDeps = {
    getLang: () => 'jp',
    getToken: () => 'tok-1',
    notify,
    onSessionInvalid,
    messages: { network: (d) => `network: ${d}`, http: (s) => `http ${s}` },
    fetch: fetchSpy as unknown as typeof fetch,
    now: () => 1234,
    ...extra,
  };
  return { api: createApiClient(deps), notify, onSessionInvalid, fetchSpy };
}

describe('request headers and query', () => {
  it('sends lang and authorization, and t on GET', async () => {
    const { api, fetchSpy } = setup(async () => json({ code: 1, msg: 'ok', data: [1] }));
    await expect(
      api.get('/v1/api/forex/trade_list', { params: { searchCurrency: 'EUR', category_id: undefined } }),
    ).resolves.toEqual([1]);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/v1/api/forex/trade_list?searchCurrency=EUR&t=1234');
    expect(init.method).toBe('GET');
    expect(init.headers).toMatchObject({ lang: 'jp', authorization: 'tok-1' });
    expect(init.body).toBeUndefined();
  });

  it('never sends the session token to another host', async () => {
    const { api, fetchSpy } = setup(async () => json({ code: 1, msg: 'ok', data: {} }));
    await api.get('https://complaints.broker.example/api/notify/complaint_email');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toMatch(/^https:\/\/complaints\.broker\.example\/api\/notify\/complaint_email\?t=1234$/);
    expect(init.headers).toEqual({ lang: 'jp' });
  });

  it('adds t on DELETE but not on POST, and sends JSON or form bodies', async () => {
    const { api, fetchSpy } = setup(async () => json({ code: 1, msg: 'ok', data: null }));
    await api.request('/x', { method: 'DELETE' });
    expect(fetchSpy.mock.calls[0]![0]).toBe('/x?t=1234');

    await api.post('/api/user/loginForU', { account: 'a@b.c', password: 'p' }, { form: true });
    const [url, init] = fetchSpy.mock.calls[1]!;
    expect(url).toBe('/api/user/loginForU');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('account=a%40b.c&password=p');

    await api.post('/json', { a: 1 });
    const jsonInit = fetchSpy.mock.calls[2]![1];
    expect(jsonInit.body).toBe('{"a":1}');
    expect(jsonInit.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('sends extra headers without letting them replace lang or authorization', async () => {
    const { api, fetchSpy } = setup(async () => json({ code: 1, msg: 'ok', data: null }));
    await api.post('/v1/api/forex/close', { id: 1 }, { headers: { 'idempotency-key': 'k1', lang: 'xx' } });
    expect(fetchSpy.mock.calls[0]![1].headers).toMatchObject({
      'idempotency-key': 'k1',
      lang: 'jp',
      authorization: 'tok-1',
    });
  });
});

describe('envelope handling', () => {
  it('resolves data on code 1, or the whole envelope with flat: false', async () => {
    const envelope = { code: 1, msg: 'done', data: { a: 1 } };
    const { api } = setup(async () => json(envelope));
    await expect(api.get('/x')).resolves.toEqual({ a: 1 });
    await expect(api.request('/x', { flat: false })).resolves.toEqual(envelope);
  });

  it('toasts msg and rejects on another code', async () => {
    const { api, notify, onSessionInvalid } = setup(async () =>
      json({ code: 0, msg: 'Insufficient margin', data: null }),
    );
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 0, message: 'Insufficient margin' });
    expect(notify.error).toHaveBeenCalledWith('Insufficient margin');
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('stays quiet with showErrorMessage: false', async () => {
    const { api, notify } = setup(async () => json({ code: 422, msg: 'bad', data: null }, 422));
    await expect(api.get('/x', { showErrorMessage: false })).rejects.toMatchObject({
      code: 422,
      status: 422,
    });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('reads the envelope of a 404 or 500 answer', async () => {
    const { api, notify } = setup(async () =>
      json({ code: 404, msg: 'No such instrument', data: null }, 404),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ code: 404, message: 'No such instrument' });
    expect(notify.error).toHaveBeenCalledWith('No such instrument');
  });

  it('signs out on 999 unless the call is an init call', async () => {
    const { api, onSessionInvalid } = setup(async () =>
      json({ code: 999, msg: 'Please log in', data: null }),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ code: 999 });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    await expect(api.get('/x', { init: true })).rejects.toMatchObject({ code: 999 });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('toasts the status when the answer is not an envelope', async () => {
    const { api, notify } = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, status: 502 });
    expect(notify.error).toHaveBeenCalledWith('http 502');
  });

  it('toasts a network failure', async () => {
    const { api, notify } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/x')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, status: 0 });
    expect(notify.error).toHaveBeenCalledWith('network: Failed to fetch');
  });

  it('refuses a trade unsent while offline, with the offline message, and sends it once back online', async () => {
    let offline = true;
    const { api, notify, fetchSpy } = setup(async () => json({ code: 1, msg: 'ok', data: 7 }), {
      isOffline: () => offline,
    });
    await expect(api.post('/trade', { id: 1 }, { requireOnline: true, loading: true })).rejects.toMatchObject(
      {
        code: OFFLINE_CODE,
        message: 'network: offline',
      },
    );
    expect(notify.error).toHaveBeenCalledWith('network: offline');
    expect(notify.showLoading).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    // Reading is not refused: a list may still load, and a failed one says so itself.
    await expect(api.get('/list')).resolves.toBe(7);
    offline = false;
    await expect(api.post('/trade', { id: 1 }, { requireOnline: true })).resolves.toBe(7);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('is silent when the request was aborted', async () => {
    const controller = new AbortController();
    const { api, notify } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows a success toast when asked', async () => {
    const { api, notify } = setup(async () => json({ code: 1, msg: 'Saved', data: null }));
    await api.post('/x', {}, { successToast: true });
    expect(notify.success).toHaveBeenCalledWith('Saved');
    await api.post('/x', {}, { successToast: 'Done!' });
    expect(notify.success).toHaveBeenLastCalledWith('Done!');
  });
});

describe('loading spinner', () => {
  it('shows one spinner for overlapping loading calls and hides it after the last', async () => {
    const resolvers: Array<() => void> = [];
    const { api, notify } = setup(
      () => new Promise((resolve) => resolvers.push(() => resolve(json({ code: 1, msg: '', data: 1 })))),
    );
    const a = api.get('/a', { loading: true });
    const b = api.get('/b', { loading: true });
    const c = api.get('/c');
    expect(notify.showLoading).toHaveBeenCalledTimes(1);
    resolvers[0]!();
    await a;
    expect(notify.hideLoading).not.toHaveBeenCalled();
    resolvers[1]!();
    resolvers[2]!();
    await Promise.all([b, c]);
    expect(notify.hideLoading).toHaveBeenCalledTimes(1);
  });

  it('hides the spinner after a failure too', async () => {
    const { api, notify } = setup(async () => json({ code: 0, msg: 'no', data: null }));
    await api.get('/x', { loading: true }).catch(() => {});
    expect(notify.hideLoading).toHaveBeenCalledTimes(1);
  });
});

describe('downloads', () => {
  it('fetches a file with the session header and names it as the server does', async () => {
    const { api, fetchSpy } = setup(
      async () =>
        new Response('\uFEFFTime,Amount\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="statement-real-2026-11-01_2026-11-30.csv"',
          },
        }),
    );
    const file = await api.download('/v1/api/main/account/statement.csv', { params: { from: '2026-11-01' } });
    expect(file.filename).toBe('statement-real-2026-11-01_2026-11-30.csv');
    expect(await file.blob.text()).toContain('Time,Amount');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/v1/api/main/account/statement.csv?from=2026-11-01&t=1234');
    expect(init.headers).toEqual({ lang: 'jp', authorization: 'tok-1' });
  });

  it('fails with the server’s words when the answer is the envelope', async () => {
    const { api, notify, onSessionInvalid } = setup(async () =>
      json({ code: 999, msg: 'Your session has ended', data: null }),
    );
    await expect(api.download('/file.pdf')).rejects.toMatchObject({
      code: 999,
      message: 'Your session has ended',
    });
    expect(notify.error).toHaveBeenCalledWith('Your session has ended');
    expect(onSessionInvalid).toHaveBeenCalled();
    expect(notify.hideLoading).toHaveBeenCalled();
  });
});
