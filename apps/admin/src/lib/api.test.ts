import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, queryString } from './api.ts';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

const deps = (fetch: typeof globalThis.fetch, onSessionInvalid = vi.fn()) => ({
  getToken: () => 'staff-token',
  getLang: () => 'hk',
  onSessionInvalid,
  networkError: (detail: string) => `offline: ${detail}`,
  fetch,
});

describe('back-office request layer', () => {
  it('sends the token and language, and resolves the data of code 1', async () => {
    const fetch = fakeFetch(200, { code: 1, msg: 'Success', data: { id: 7 } });
    const api = createApi(deps(fetch));
    await expect(api.get('/admin/api/me', { page: 2, user_id: undefined, q: '' })).resolves.toEqual({
      id: 7,
    });
    expect(fetch).toHaveBeenCalledWith('/admin/api/me?page=2', {
      method: 'GET',
      headers: { lang: 'hk', authorization: 'staff-token' },
    });
  });

  it("rejects any other code with the server's own sentence, also from a 4xx answer", async () => {
    const api = createApi(deps(fakeFetch(404, { code: 404, msg: 'There is no such record', data: null })));
    const failure = api.post('/admin/api/deposits/9/approve');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      message: 'There is no such record',
      code: 404,
      status: 404,
    });
  });

  it("gives the server's sentences, refusals and confirmations alike, in the member's own script", async () => {
    const { Converter } = await import('opencc-js/t2cn');
    const toSimplified = Converter({ from: 'hk', to: 'cn' });
    const refused = createApi({
      ...deps(fakeFetch(200, { code: 0, msg: '經紀商已暫停此品種的新訂單', data: null })),
      localize: toSimplified,
    });
    await expect(refused.post('/admin/api/instruments/1')).rejects.toMatchObject({
      message: '经纪商已暂停此品种的新订单',
    });
    const saved = createApi({
      ...deps(fakeFetch(200, { code: 1, msg: '產品已儲存', data: null })),
      localize: toSimplified,
    });
    await expect(saved.postForMessage('/admin/api/instruments/1')).resolves.toMatchObject({
      msg: '产品已储存',
    });
  });

  it('ends the session here on code 999', async () => {
    const onSessionInvalid = vi.fn();
    const api = createApi(
      deps(fakeFetch(200, { code: 999, msg: 'Please log in', data: null }), onSessionInvalid),
    );
    await expect(api.get('/admin/api/me')).rejects.toMatchObject({ code: 999 });
    expect(onSessionInvalid).toHaveBeenCalledOnce();
  });

  it('explains a network failure and an answer without an envelope', async () => {
    const down = createApi(deps(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))));
    await expect(down.get('/admin/api/me')).rejects.toMatchObject({
      message: 'offline: Failed to fetch',
      code: -1,
    });
    const proxy = createApi(deps(fakeFetch(502, '<html>Bad gateway</html>')));
    await expect(proxy.get('/admin/api/me')).rejects.toMatchObject({
      message: 'offline: HTTP 502',
      status: 502,
    });
  });

  it('sends the same Idempotency-Key again only while the outcome of a POST is unknown', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('Bad gateway', { status: 502 })),
      () => Promise.resolve(new Response(JSON.stringify({ code: 1, msg: 'Saved', data: null }))),
      () => Promise.resolve(new Response(JSON.stringify({ code: 1, msg: 'Saved', data: null }))),
      () => Promise.resolve(new Response(JSON.stringify({ code: 0, msg: 'Refused', data: null }))),
      () => Promise.resolve(new Response(JSON.stringify({ code: 1, msg: 'Saved', data: null }))),
    ];
    const keys: Array<string | undefined> = [];
    const fetch = vi.fn(async (_path: RequestInfo | URL, init?: RequestInit) => {
      keys.push((init?.headers as Record<string, string>)['idempotency-key']);
      return answers[keys.length - 1]!();
    });
    const api = createApi(deps(fetch as typeof globalThis.fetch));
    const credit = () => api.post('/admin/api/users/7/adjust', { amount: '5', reason: 'Goodwill' });
    await expect(credit()).rejects.toMatchObject({ code: -1 });
    await expect(credit()).rejects.toMatchObject({ code: -1, status: 502 });
    await credit();
    // Answered: the same action confirmed again is a new one, and so is one after a refusal.
    await credit();
    await expect(
      api.post('/admin/api/users/7/adjust', { amount: '6', reason: 'Other' }),
    ).rejects.toMatchObject({
      code: 0,
    });
    await api.post('/admin/api/users/7/adjust', { amount: '6', reason: 'Other' });
    expect(keys.every((key) => typeof key === 'string' && key.length === 32)).toBe(true);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(new Set([keys[2], keys[3], keys[4], keys[5]]).size).toBe(4);
  });

  it('builds query strings without empty filters', () => {
    expect(queryString({ status: 0, user_id: null, page: 1 })).toBe('?status=0&page=1');
    expect(queryString({})).toBe('');
  });
});
