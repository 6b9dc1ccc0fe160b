/**
 * The user's locale through the HTTP layer, with notices read from a real SMTP server: the
 * language and zone of signed-in requests are stored once per change (a request that names none
 * changes nothing), and what is written to the user outside a request of theirs follows them:
 * two-step sign-in turned on and off, a staff reset of it and a staff password reset arrive in the
 * language the user last used the app in, whatever language the back office speaks.
 */
import { describe, expect, it } from 'vitest';
import { TIME_ZONE_HEADER } from '@omp/protocol';
import { useMailedAccounts } from './helpers/mailed-accounts.ts';
import { staffToken, totpAt } from './helpers/staff-helpers.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const PASSWORD = 'Sturdy-pass-81';
let users = 0;

describe.each(databaseEngines())('the user’s locale on %s', (engine) => {
  const accounts = useMailedAccounts(engine);

  async function registered() {
    const email = `locale-${++users}-${engine}@example.com`;
    const answer = await accounts().registerByEmail(email, PASSWORD);
    expect(answer.code).toBe(1);
    return { email, token: answer.data.token, id: answer.data.user.id };
  }

  /** A call as the app makes it, in a language (none: the header left out) and maybe a zone. */
  async function call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    lang: string | undefined,
    body?: Record<string, unknown>,
    zone?: string,
  ) {
    const res = await accounts().rt.app.inject({
      method,
      url,
      headers: {
        authorization: token,
        ...(lang ? { lang } : {}),
        ...(zone ? { [TIME_ZONE_HEADER]: zone } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return res.json() as { code: number; msg: string; data: T };
  }

  const storedLocale = (id: number) =>
    accounts()
      .rt.database.db.selectFrom('user_locales')
      .select(['language', 'time_zone', 'updated_at'])
      .where('user_id', '=', id)
      .executeTakeFirst()
      .then((row) => row && { ...row, updated_at: Number(row.updated_at) });
  const lastTo = async (email: string) => (await accounts().sentMail()).messagesTo(email).at(-1)!;
  const codeNow = (secret: string) => totpAt(secret, Math.floor(accounts().rt.clock.now() / 30_000));

  it('stores the language and zone once per change, and not for a request that names none', async () => {
    const { rt } = accounts();
    const { id, token } = await registered();
    expect(await storedLocale(id)).toBeUndefined();

    await call('GET', '/api/user/info', token, 'de', undefined, 'Europe/Berlin');
    const first = await storedLocale(id);
    expect(first).toMatchObject({ language: 'de', time_zone: 'Europe/Berlin' });

    // The same language again, later, with no zone or a zone the runtime does not know: no write.
    rt.clock.advance(60_000);
    await call('GET', '/api/user/info', token, 'de');
    await call('GET', '/api/user/info', token, 'de', undefined, 'Mars/Olympus_Mons');
    await call('GET', '/api/user/info', token, undefined);
    await call('GET', '/api/user/info', token, 'xx');
    expect(await storedLocale(id)).toEqual(first);

    // A switch of language in the app is stored at its next call, keeping the zone.
    rt.clock.advance(60_000);
    await call('GET', '/api/user/info', token, 'fr');
    expect(await storedLocale(id)).toEqual({
      language: 'fr',
      time_zone: 'Europe/Berlin',
      updated_at: rt.clock.now(),
    });
    // A move to another zone likewise; calls arriving together write it once, all the same.
    rt.clock.advance(60_000);
    await Promise.all(
      [1, 2, 3].map(() => call('GET', '/api/user/info', token, 'fr', undefined, 'Asia/Tokyo')),
    );
    expect(await storedLocale(id)).toMatchObject({ language: 'fr', time_zone: 'Asia/Tokyo' });
  });

  it('tells of two-step sign-in turned on and off, and reset by staff, in the user’s own language', async () => {
    const { rt } = accounts();
    const { email, token, id } = await registered();
    await call('GET', '/api/user/info', token, 'de');

    const started = await call<{ secret: string }>('POST', '/api/user/two_factor/enrol', token, 'de');
    const secret = started.data.secret;
    expect(
      await call('POST', '/api/user/two_factor/enrol/confirm', token, 'de', {
        password: PASSWORD,
        code: await codeNow(secret),
      }),
    ).toMatchObject({ code: 1 });
    expect((await lastTo(email)).subject).toBe('Die Anmeldung in zwei Schritten wurde aktiviert');
    expect((await lastTo(email)).text).toMatch(
      /am \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC von der IP-Adresse [\d.]+ aktiviert/,
    );
    expect((await lastTo(email)).text).toContain('Wenn Sie das nicht waren');

    // Staff act from an English back office; the user hears of it in German.
    const compliance = await staffToken(rt, ['compliance']);
    const before = (await accounts().sentMail()).messagesTo(email).length;
    expect(
      await call('POST', `/admin/api/users/${id}/two_factor/reset`, compliance, 'en', {
        reason: 'Lost phone, identity checked by call',
      }),
    ).toMatchObject({ code: 1, data: { two_factor: 0 } });
    expect((await accounts().sentMail()).messagesTo(email)).toHaveLength(before + 1);
    expect((await lastTo(email)).subject).toBe('Die Anmeldung in zwei Schritten wurde zurückgesetzt');
    expect((await lastTo(email)).text).toContain('Unsere Mitarbeiter haben die Anmeldung in zwei Schritten');
    expect((await lastTo(email)).text).toContain('Wenn Sie das nicht veranlasst haben');
    // The reason is for the audit log, not for the user.
    expect((await lastTo(email)).text).not.toContain('Lost phone');

    // The user switched the app to Spanish, enrols again and turns it off: both notices in Spanish,
    // even the one whose request carried no language at all.
    await call('GET', '/api/user/info', token, 'spa');
    const again = await call<{ secret: string }>('POST', '/api/user/two_factor/enrol', token, 'spa');
    await call('POST', '/api/user/two_factor/enrol/confirm', token, 'spa', {
      password: PASSWORD,
      code: await codeNow(again.data.secret),
    });
    expect((await lastTo(email)).subject).toBe('Se activó el inicio de sesión en dos pasos');
    rt.clock.advance(30_000);
    expect(
      await call('POST', '/api/user/two_factor/disable', token, undefined, {
        password: PASSWORD,
        code: await codeNow(again.data.secret),
      }),
    ).toMatchObject({ code: 1 });
    expect((await lastTo(email)).subject).toBe('Se desactivó el inicio de sesión en dos pasos');
    expect((await lastTo(email)).text).toContain('basta tu contraseña para entrar');
  });

  it('words the code of a staff password reset in the user’s language, English for one never seen', async () => {
    const { rt } = accounts();
    const compliance = await staffToken(rt, ['compliance']);
    const german = await registered();
    await call('GET', '/api/user/info', german.token, 'de');
    const unseen = await registered();

    for (const user of [german, unseen])
      expect(
        await call('POST', `/admin/api/users/${user.id}/reset-password`, compliance, 'en', {
          reason: 'Asked by phone',
        }),
      ).toMatchObject({ code: 1 });
    expect((await lastTo(german.email)).text).toContain('Der Broker hat Ihr Passwort zurückgesetzt');
    expect((await lastTo(unseen.email)).text).toContain('The broker has reset your password');
  });
});
