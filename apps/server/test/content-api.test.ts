/**
 * Content through the HTTP layer on a real database: the seeded news with paging, in each reader's
 * language (title, summary and body) with English where a language has no text, article HTML cleaned on write and on read, companies with search and status, the
 * announcement and settings in getBasicInfo, the complaint page, and the staff edits with their
 * audit rows and role checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  ResponseCode,
  type Company,
  type NewsArticle,
  type NewsItem,
  type RecordPage,
  type WireAuditEntry,
} from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('content API on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    admin = await adminToken(rt);
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  /** A GET in a chosen language, as the phone sends it. */
  const getIn = async <T>(lang: string, url: string) =>
    (await rt.app.inject({ method: 'GET', url, headers: { lang } })).json() as EnvelopeBody<T>;
  const get = <T = unknown>(url: string, token?: string) => callApi<T>(rt, 'GET', url, token);
  const post = <T = unknown>(url: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    callApi<T>(rt, 'POST', url, token, body);
  /** Audit rows of one target, newest first; settings have no row id, so 0 filters by type only. */
  const audit = async (targetType: string, targetId: number) => {
    const byId = targetId > 0 ? `&target_id=${targetId}` : '';
    return (await get<RecordPage<WireAuditEntry>>(`/admin/api/audit?target_type=${targetType}${byId}`, admin))
      .data.list;
  };

  describe('news', () => {
    it('lists the twelve seeded articles newest first, page by page', async () => {
      const first = await getIn<RecordPage<NewsItem>>(
        'en',
        '/api/news/list?category_id=1&page=1&page_size=5',
      );
      expect(first).toMatchObject({ code: 1, data: { total: 12, page: 1 } });
      expect(first.data.list).toHaveLength(5);
      expect(first.data.list[0]).toEqual({
        id: expect.any(Number),
        title: 'EUR/USD edges higher as investors weigh the next ECB move',
        desc: expect.stringContaining('euro'),
        logo: '/media/news/eurusd-ecb.png',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
      const third = await getIn<RecordPage<NewsItem>>('en', '/api/news/list?page=3&page_size=5');
      expect(third.data.list).toHaveLength(2);
      const all = [
        ...first.data.list,
        ...(await getIn<RecordPage<NewsItem>>('en', '/api/news/list?page=2&page_size=5')).data.list,
        ...third.data.list,
      ];
      const times = all.map((n) => n.created_at);
      expect(times).toEqual([...times].sort().reverse());
      expect(new Set(all.map((n) => n.id)).size).toBe(12);
    });

    it('answers every seeded article in the reader’s language: title, summary and body', async () => {
      const hk = await getIn<RecordPage<NewsItem>>('hk', '/api/news/list?page_size=1');
      expect(hk.data.list[0]!.title).toBe('歐元兌美元走高，投資者權衡歐洲央行下一步');
      const id = hk.data.list[0]!.id;

      const jp = await getIn<NewsArticle>('jp', `/api/news/info?id=${id}`);
      expect(jp.data).toMatchObject({
        id,
        title: 'EUR/USDが上昇、投資家はECBの次の一手を見極め',
        desc: expect.stringContaining('ユーロはドルに対して上昇'),
        logo: '/media/news/eurusd-ecb.png',
      });
      expect(jp.data.content).toContain('<p>米国の製造業景況指数が予想を下回り');
      expect(jp.data.content).toContain('<h3>市場参加者の注目点</h3><ul><li>');

      const ar = await getIn<NewsArticle>('ar', `/api/news/info?id=${id}`);
      expect(ar.data.title).toBe('ارتفاع EUR/USD مع ترقّب المستثمرين للخطوة التالية للبنك المركزي الأوروبي');
      expect(ar.data.content).toContain('<h3>ما يراقبه المتداولون</h3>');
      expect(ar.data.content).not.toContain('The euro rose');

      // Every seeded article has its own title and body in each language, none the English one.
      const english = await getIn<RecordPage<NewsItem>>('en', '/api/news/list?page_size=12');
      expect(english.data.list).toHaveLength(12);
      for (const item of english.data.list) {
        const en = await getIn<NewsArticle>('en', `/api/news/info?id=${item.id}`);
        for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
          const own = await getIn<NewsArticle>(lang, `/api/news/info?id=${item.id}`);
          expect(own.data.title, `${lang} ${item.id}`).not.toBe(en.data.title);
          expect(own.data.desc, `${lang} ${item.id}`).not.toBe(en.data.desc);
          expect(own.data.content, `${lang} ${item.id}`).not.toBe(en.data.content);
        }
      }
    });

    it('refuses an unknown article', async () => {
      expect(await getIn('en', '/api/news/info?id=999999')).toMatchObject({
        code: ResponseCode.notFound,
        msg: 'There is no news article with id 999999',
      });
    });

    it('serves the seeded pictures as inert PNG files', async () => {
      const res = await rt.app.inject({ method: 'GET', url: '/media/news/gold-record.png' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    });

    it('cleans article HTML when staff write it: no scripts, handlers or javascript: links; a language without a body reads the English one', async () => {
      const created = await post<{ id: number }>('/admin/api/news', admin, {
        logo: 'https://cdn.example.com/pic.png',
        texts: {
          en: {
            title: 'Test article',
            desc: 'Summary',
            content:
              '<p onclick="steal()">Body<script>alert(1)</script></p><img src="/media/x.png" onerror="alert(2)">' +
              '<a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a><iframe src="https://x.test"></iframe>' +
              '<style>p{}</style>',
          },
          de: { title: 'Testartikel', desc: 'Zusammenfassung' },
        },
      });
      expect(created).toMatchObject({ code: 1, msg: 'Saved' });
      const id = created.data.id;
      const stored = await rt.database.db
        .selectFrom('news_translations')
        .select('content')
        .where('news_id', '=', id)
        .where('lang', '=', 'en')
        .executeTakeFirstOrThrow();
      const clean =
        '<p>Body</p><img src="/media/x.png" /><a>bad</a>' +
        '<a href="https://example.com" rel="noopener noreferrer" target="_blank">good</a>';
      expect(stored.content).toBe(clean);
      expect((await getIn<NewsArticle>('en', `/api/news/info?id=${id}`)).data.content).toBe(clean);
      const de = await getIn<NewsArticle>('de', `/api/news/info?id=${id}`);
      expect(de.data).toMatchObject({ title: 'Testartikel', desc: 'Zusammenfassung', content: clean });
      // The newest article heads the list.
      expect((await getIn<RecordPage<NewsItem>>('en', '/api/news/list?page_size=1')).data.list[0]!.id).toBe(
        id,
      );

      const [entry] = await audit('news', id);
      expect(entry).toMatchObject({
        action: 'news.create',
        before: null,
        after: { id, texts: { en: { title: 'Test article' } } },
      });
    });

    it('cleans HTML on read as well, for rows that reached the table another way', async () => {
      const [row] = await get<RecordPage<NewsItem>>('/api/news/list?page_size=1').then((r) => r.data.list);
      await rt.database.db
        .updateTable('news_translations')
        .set({
          content:
            '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">l</a>',
        })
        .where('news_id', '=', row!.id)
        .where('lang', '=', 'en')
        .execute();
      expect((await getIn<NewsArticle>('en', `/api/news/info?id=${row!.id}`)).data.content).toBe(
        '<p>ok</p><a>l</a>',
      );
    });

    it('lets staff change texts per language and delete an article, each change audited', async () => {
      const { data } = await post<{ id: number }>('/admin/api/news', admin, {
        texts: { en: { title: 'Old', desc: 'd', content: '<p>c</p>' }, fr: { title: 'Ancien' } },
      });
      const id = data.id;
      expect(
        await post(`/admin/api/news/${id}`, admin, {
          logo: '/media/news/oil-opec.png',
          texts: { en: { title: 'New', desc: 'd2', content: '<p>c2</p>' }, fr: null },
        }),
      ).toMatchObject({ code: 1 });
      expect((await getIn<NewsArticle>('fr', `/api/news/info?id=${id}`)).data).toMatchObject({
        title: 'New',
        content: '<p>c2</p>',
        logo: '/media/news/oil-opec.png',
      });
      expect(await post(`/admin/api/news/${id}`, admin, { logo: 'javascript:alert(1)' })).toMatchObject({
        code: ResponseCode.invalid,
      });
      // English is what every other language falls back to: removing it is refused, not ignored.
      expect(await post(`/admin/api/news/${id}`, admin, { texts: { en: null } })).toMatchObject({
        code: ResponseCode.invalid,
        msg: expect.stringMatching(/^English cannot be removed/),
      });
      expect((await getIn<NewsArticle>('en', `/api/news/info?id=${id}`)).data.title).toBe('New');
      expect(await post(`/admin/api/news/${id}/delete`, admin)).toMatchObject({ code: 1, msg: 'Deleted' });
      expect(await getIn('en', `/api/news/info?id=${id}`)).toMatchObject({ code: ResponseCode.notFound });
      const entries = await audit('news', id);
      expect(entries.map((e) => e.action)).toEqual(['news.delete', 'news.update', 'news.create']);
      expect(entries[1]).toMatchObject({
        before: { texts: { en: { title: 'Old' }, fr: { title: 'Ancien' } } },
        after: { logo: '/media/news/oil-opec.png', texts: { en: { title: 'New' } } },
      });
      expect((entries[1]!.after as { texts: object }).texts).not.toHaveProperty('fr');
    });

    it('refuses users and staff without the admin role', async () => {
      const t = tradingClient(rt);
      const user = await t.demoUser();
      const body = { texts: { en: { title: 'x' } } };
      expect(await post('/admin/api/news', user.token, body)).toMatchObject({
        code: ResponseCode.sessionInvalid,
      });
      expect(await post('/admin/api/news', undefined, body)).toMatchObject({
        code: ResponseCode.sessionInvalid,
      });
      const finance = await staffToken(rt, ['finance']);
      expect(await post('/admin/api/news', finance, body)).toMatchObject({ code: ResponseCode.forbidden });
      expect(await post('/admin/api/settings', finance, { main_mode: 'company' })).toMatchObject({
        code: ResponseCode.forbidden,
      });
      expect(await post('/admin/api/companies', finance, { name: 'X' })).toMatchObject({
        code: ResponseCode.forbidden,
      });
      expect(await post('/admin/api/news', admin, { texts: { fr: { title: 'x' } } })).toMatchObject({
        code: ResponseCode.invalid,
      });
    });
  });

  it('documents every content, leaderboard and company call in the OpenAPI document', async () => {
    const res = await rt.app.inject({ method: 'GET', url: '/openapi.json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/news/list',
        '/api/news/info',
        '/api/follow/list',
        '/api/follow/opt_in',
        '/api/company/getCompany',
        '/api/company/getCompanyStatus',
        '/api/notify/complaint_email',
        '/admin/api/news',
        '/admin/api/settings',
        '/admin/api/settings/texts',
        '/admin/api/companies',
      ]),
    );
  });

  describe('companies', () => {
    it('searches by name in any case, page by page', async () => {
      const all = await get<RecordPage<Company>>('/api/company/getCompany?page_size=4');
      expect(all.data).toMatchObject({ total: 6, page: 1 });
      expect(all.data.list).toHaveLength(4);
      expect(all.data.list[0]).toEqual({
        id: expect.any(Number),
        name: 'Harbourline Markets',
        logo: '/media/companies/harbourline.png',
        url: 'https://www.harbourline-markets.example',
        subject: 'Harbourline Markets Ltd',
        registered_address: expect.stringContaining('Port Louis'),
        location: expect.stringContaining('Hong Kong'),
        email: 'support@harbourline-markets.example',
        status: 1,
      });
      for (const name of ['north', 'NORTHGATE', 'Capital%20fx'])
        expect(
          (await get<RecordPage<Company>>(`/api/company/getCompany?name=${name}`)).data.list.map(
            (c) => c.name,
          ),
        ).toEqual(['Northgate Capital FX']);
      // LIKE wildcards in the search are plain characters.
      expect((await get<RecordPage<Company>>('/api/company/getCompany?name=%25')).data.total).toBe(0);
      expect((await get<RecordPage<Company>>('/api/company/getCompany?name=_')).data.total).toBe(0);
    });

    it('reports a suspended company with the page to send visitors to', async () => {
      const [suspended] = (await get<RecordPage<Company>>('/api/company/getCompany?name=silverline')).data
        .list;
      expect(suspended!.status).toBe(2);
      expect(await get(`/api/company/getCompanyStatus?id=${suspended!.id}`)).toMatchObject({
        code: 1,
        data: { id: suspended!.id, status: 2, loss_url: 'https://www.silverlineglobal.example/notice' },
      });
      const [active] = (await get<RecordPage<Company>>('/api/company/getCompany?name=meridian')).data.list;
      expect((await get(`/api/company/getCompanyStatus?id=${active!.id}`)).data).toEqual({
        id: active!.id,
        status: 1,
        loss_url: '',
      });
      expect(await get('/api/company/getCompanyStatus?id=999999')).toMatchObject({
        code: ResponseCode.notFound,
        msg: 'There is no company with id 999999',
      });
    });

    it('lets staff add a company and suspend it, each change audited', async () => {
      const created = await post<{ id: number }>('/admin/api/companies', admin, {
        name: 'Test Brokers',
        url: 'https://test-brokers.example',
        email: 'hi@test-brokers.example',
      });
      expect(created.code).toBe(1);
      const id = created.data.id;
      expect((await get(`/api/company/getCompanyStatus?id=${id}`)).data).toEqual({
        id,
        status: 1,
        loss_url: '',
      });
      await post(`/admin/api/companies/${id}`, admin, {
        status: 2,
        loss_url: 'https://test-brokers.example/closed',
      });
      expect((await get(`/api/company/getCompanyStatus?id=${id}`)).data).toEqual({
        id,
        status: 2,
        loss_url: 'https://test-brokers.example/closed',
      });
      expect(
        await post(`/admin/api/companies/${id}`, admin, { loss_url: 'javascript:alert(1)' }),
      ).toMatchObject({
        code: ResponseCode.invalid,
      });
      const entries = await audit('company', id);
      expect(entries.map((e) => e.action)).toEqual(['company.update', 'company.create']);
      expect(entries[0]).toMatchObject({
        before: { status: 1, loss_url: '' },
        after: { status: 2, name: 'Test Brokers' },
      });
    });
  });

  describe('settings and service texts', () => {
    interface BasicInfo {
      announcement: string;
      complaint_email: string;
      complaint_email_host: string;
      main_mode: string;
      whatsapp_link: string;
      service_link: string;
    }

    it('carries the announcement in the request language, English where staff left a language out', async () => {
      expect((await getIn<BasicInfo>('de', '/api/basicSet/getBasicInfo')).data).toMatchObject({
        announcement:
          'Dieser Dienst wird Einwohnern von Nordkorea, Israel, China, Vanuatu und Kuba nicht angeboten.',
        complaint_email_host: '',
        main_mode: 'trade',
      });
      const saved = await post<Record<string, string>>('/admin/api/settings/texts', admin, {
        key: 'announcement',
        texts: { en: 'Closed on Friday.', de: '', fr: 'Fermé vendredi.' },
      });
      expect(saved).toMatchObject({ code: 1, data: { en: 'Closed on Friday.', fr: 'Fermé vendredi.' } });
      expect(saved.data).not.toHaveProperty('de');
      expect((await getIn<BasicInfo>('de', '/api/basicSet/getBasicInfo')).data.announcement).toBe(
        'Closed on Friday.',
      );
      expect((await getIn<BasicInfo>('fr', '/api/basicSet/getBasicInfo')).data.announcement).toBe(
        'Fermé vendredi.',
      );
      const [entry] = await audit('setting', 0);
      expect(entry).toMatchObject({
        action: 'setting.announcement',
        before: { de: expect.stringContaining('Nordkorea') },
        after: { en: 'Closed on Friday.' },
      });
      // An empty English text would remove the language the others fall back to: refused, in the
      // staff member's language, and nothing is changed or audited.
      const auditedBefore = (await audit('setting', 0)).length;
      const refusedRemoval = await post('/admin/api/settings/texts', admin, {
        key: 'announcement',
        texts: { en: ' ', fr: 'Ouvert.' },
      });
      expect(refusedRemoval).toMatchObject({
        code: ResponseCode.invalid,
        msg: expect.stringMatching(/^English cannot be removed/),
      });
      expect((await getIn<BasicInfo>('fr', '/api/basicSet/getBasicInfo')).data.announcement).toBe(
        'Fermé vendredi.',
      );
      expect(await audit('setting', 0)).toHaveLength(auditedBefore);
    });

    it('answers the complaint page from this server by default', async () => {
      expect(await getIn('fr', '/api/notify/complaint_email')).toMatchObject({
        code: 1,
        data: { email: 'complaints@example.com', text: expect.stringContaining('deux jours ouvrés') },
      });
    });

    it('reflects the settings staff change in getBasicInfo, and refuses bad values', async () => {
      const changed = await post('/admin/api/settings', admin, {
        main_mode: 'company',
        complaint_email: 'care@broker.example',
        complaint_email_host: 'https://complaints.broker.example',
        whatsapp_link: 'https://wa.me/85290000000',
        service_link: 'https://chat.broker.example/widget',
      });
      expect(changed).toMatchObject({ code: 1, data: { main_mode: 'company' } });
      expect((await getIn<BasicInfo>('en', '/api/basicSet/getBasicInfo')).data).toMatchObject({
        main_mode: 'company',
        complaint_email: 'care@broker.example',
        complaint_email_host: 'https://complaints.broker.example',
        whatsapp_link: 'https://wa.me/85290000000',
        service_link: 'https://chat.broker.example/widget',
      });
      expect((await get<{ email: string }>('/api/notify/complaint_email')).data.email).toBe(
        'care@broker.example',
      );
      for (const bad of [
        { main_mode: 'casino' },
        { service_link: 'javascript:alert(1)' },
        { complaint_email: 'nope' },
      ])
        expect(await post('/admin/api/settings', admin, bad)).toMatchObject({ code: ResponseCode.invalid });
      const [entry] = await audit('setting', 0);
      expect(entry).toMatchObject({
        action: 'setting.update',
        before: { main_mode: 'trade', complaint_email: 'complaints@example.com', complaint_email_host: '' },
        after: { main_mode: 'company', complaint_email: 'care@broker.example' },
      });
    });
  });
});
