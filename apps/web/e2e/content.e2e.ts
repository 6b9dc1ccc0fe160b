/**
 * Content, community and service on a phone: reading a news article in English and in Arabic, the
 * leaderboard built from a trade the test makes (and its coming-soon detail), the customer-service
 * chat, the company directory of the alternate main mode with its 3-year cookie and a suspended
 * company's exit, and the assets that let the app install to the home screen. Screenshots of each
 * screen.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { call } from './accounts-api.ts';
import { ADMIN_PASSWORD, adminToken, staffCall } from './money-api.ts';
import { demoSession, priceAt, pushTicks, tradableInstrument, tradingServerEnv } from './trading-api.ts';
import { MoneyScreen } from './pages/money-pages.ts';

describe.skipIf(!chromiumPath)('content, community and service', () => {
  const stack = useStack({
    env: { ...tradingServerEnv, ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD, LEADERBOARD_REFRESH_MS: '1000' },
  });

  it('lists the news, reads an article, and says so of one that does not exist', async () => {
    const app = await MoneyScreen.start(stack, '/news');
    await expect.poll(() => app.testId('news-row').count(), eventually).toBeGreaterThanOrEqual(10);
    await app.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.news-row__logo')]
        .slice(0, 3)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    await screenshot(app.page, 'content-news-list');
    const title = (await app.page.locator('.news-row__title').first().textContent()) ?? '';
    await app.testId('news-row').first().click();
    await expect.poll(() => app.hashRoute()).toMatch(/^\/news\/detail\?id=\d+$/);
    await expect.poll(() => app.page.locator('.article__title').textContent(), eventually).toBe(title);
    expect((await app.testId('news-content').textContent())?.length).toBeGreaterThan(200);
    expect(await app.testId('news-content').locator('script, [onerror], [onclick]').count()).toBe(0);
    await screenshot(app.page, 'content-news-article');

    // Back to the kept-alive list where it was.
    await app.testId('back').click();
    await app.testId('news-list').waitFor();

    // An article that does not exist says so, with nothing to retry.
    await app.goto('/news/detail?id=999999');
    await expect
      .poll(() => app.testId('news-not-found').textContent(), eventually)
      .toBe('This article could not be found.');
    expect(await app.page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  it('reads a seeded article in Arabic: the title, summary and body in the reader’s language', async () => {
    const title = 'ارتفاع EUR/USD مع ترقّب المستثمرين للخطوة التالية للبنك المركزي الأوروبي';
    const app = await MoneyScreen.start(stack, '/news', { lang: 'ar' });
    const row = app.testId('news-row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.locator('.news-row__desc').textContent()).toContain('صعد اليورو أمام الدولار');
    // No row of the list is left in English.
    expect(await app.page.locator('.news-row__title').allTextContents()).not.toContainEqual(
      expect.stringMatching(/^[A-Za-z]/),
    );

    await row.click();
    await expect.poll(() => app.page.locator('.article__title').textContent(), eventually).toBe(title);
    const body = app.testId('news-content');
    expect(await body.locator('p').first().textContent()).toMatch(/^ارتفع اليورو أمام الدولار الأمريكي/);
    expect(await body.locator('h3').textContent()).toBe('ما يراقبه المتداولون');
    expect(await body.locator('li').allTextContents()).toEqual([
      'القراءة الأولية للتضخم في منطقة اليورو في نهاية الشهر',
      'طلبات إعانة البطالة الأسبوعية في الولايات المتحدة يوم الخميس',
      'كلمات أعضاء المجلس التنفيذي للبنك المركزي الأوروبي',
    ]);
    expect(await body.textContent()).not.toMatch(/\b(the|and|of)\b/);
    expect(await app.htmlAttributes()).toEqual({ lang: 'ar', dir: 'rtl' });
    await app.page.waitForFunction(() => {
      const hero = document.querySelector<HTMLImageElement>('.article__hero');
      return !hero || (hero.complete && hero.naturalWidth > 0);
    });
    await screenshot(app.page, 'content-news-article-ar');
  });

  it('puts a trader who opted in on the leaderboard from a closed trade, and the detail says it is coming', async () => {
    const { instrument, price } = await tradableInstrument(stack);
    const precision = instrument.PricePrecision;
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1, precision) }]);
    const session = await demoSession(stack);

    // The screen's first load of the user is read by the server at once but arrives only after the
    // tap has been answered: the switch must show the choice, not that older record.
    let releaseInfo!: () => void;
    const infoHeld = new Promise<void>((resolve) => (releaseInfo = resolve));
    const app = await MoneyScreen.start(stack, '/rank', {
      session,
      beforeLoad: async (page) => {
        await page.route(
          '**/api/user/info*',
          async (route) => {
            const readBeforeTheTap = await route.fetch();
            await infoHeld;
            await route.fulfill({ response: readBeforeTheTap }).catch(() => {}); // cancelled by then
          },
          { times: 1 },
        );
      },
    });
    await app.testId('rank-opt-in').waitFor();
    // The tap's request and its answer, so a failure below says whether the tap was sent at all.
    const answered = app.page.waitForResponse((response) => response.url().includes('/api/follow/opt_in'), {
      timeout: eventually.timeout,
    });
    await app.testId('rank-opt-in-switch').click();
    expect(await (await answered).json()).toMatchObject({ code: 1, data: { enabled: 1 } });
    releaseInfo();
    await expect
      .poll(() => app.testId('rank-opt-in-switch').getAttribute('aria-checked'), eventually)
      .toBe('true');

    // One winning trade: buy, the price rises, close.
    const placed = await call<{ Id: number }>(stack, '/v1/api/forex/submit', {
      token: session.token,
      body: {
        type: '1',
        cont: '0.1',
        forex_id: String(instrument.Id),
        status: '1',
        multiple: String(instrument.HasForexMultiple[0]!.Value),
      },
    });
    expect(placed.code).toBe(1);
    await pushTicks(stack, [{ code: instrument.Code, bid: priceAt(price, 1.01, precision) }]);
    const closed = await call(stack, '/v1/api/forex/close', {
      token: session.token,
      body: { id: String(placed.data.Id) },
    });
    expect(closed.code).toBe(1);

    // The board is recomputed every second here; pull down until the trader shows.
    await expect
      .poll(
        async () => {
          await app.page.reload();
          await app.page.locator('[data-testid="rank-list"], [data-testid="rank-empty"]').first().waitFor();
          return app.testId('rank-row').count();
        },
        { timeout: 20_000, interval: 1500 },
      )
      .toBe(1);
    expect(await app.testId('rank-user').textContent()).toMatch(/\*{4}/);
    expect(await app.testId('rank-updated').textContent()).toMatch(/^Updated \d\d:\d\d:\d\d$/);
    expect(await app.testId('rank-win').textContent()).toBe('100.00%');
    expect(await app.testId('rank-trades').textContent()).toBe('1');
    expect(await app.testId('rank-profit').textContent()).toMatch(/^\+\$/);
    await app.testId('rank-detail').click();
    await expect.poll(() => app.toast().textContent()).toContain('coming soon');
    await app.settle();
    await screenshot(app.page, 'content-rank');

    // Hidden again at once.
    await app.testId('rank-opt-in-switch').click();
    await app.testId('rank-empty').waitFor({ timeout: 20_000 });

    await app.goto('/feedback');
    await app.testId('documentary-intro').waitFor();
    await app.testId('tab-feedback').waitFor();
    await app.settle();
    await screenshot(app.page, 'content-documentary');
  });

  it('opens customer service in a frame with a way out, and the announcement and complaint address', async () => {
    const admin = await adminToken(stack);
    // A chat provider answered by the browser itself, so the frame shows a page of its own.
    const chatLink = 'https://chat.broker.example/widget';
    await staffCall(stack, '/admin/api/settings', admin, {
      service_link: chatLink,
      service_link_type: 'frame',
    });
    const session = await demoSession(stack);
    const app = await MoneyScreen.start(stack, '/user', { session });
    await app.page.route('https://chat.broker.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>How can we help?</h1>' }),
    );
    await app.testId('link-chat').click();
    await app.testId('chat-page').waitFor();
    expect(await app.testId('chat-frame').getAttribute('src')).toBe(chatLink);
    expect(await app.testId('chat-fallback').getAttribute('href')).toBe(chatLink);
    expect(await app.testId('chat-fallback').getAttribute('target')).toBe('_blank');
    await expect
      .poll(() => app.page.frameLocator('[data-testid="chat-frame"]').locator('h1').textContent(), eventually)
      .toBe('How can we help?');
    await screenshot(app.page, 'content-chat');

    await app.goto('/mine/announcement');
    await expect
      .poll(() => app.testId('announcement-text').textContent(), eventually)
      .toContain('North Korea');
    await screenshot(app.page, 'content-announcement');
    await app.goto('/mine/email');
    await expect.poll(() => app.testId('complaint-email').textContent(), eventually).toContain('@');
  });

  it('lists companies in company mode, keeps the choice for 3 years, and sends a suspended one on', async () => {
    const admin = await adminToken(stack);
    await staffCall(stack, '/admin/api/settings', admin, { main_mode: 'company' });
    try {
      const app = await MoneyScreen.start(stack, '/product');
      await app.testId('company-list').waitFor();
      await app.page.locator('[data-testid="company-search"] input').fill('harbour');
      await expect.poll(() => app.testId('company-card').count(), eventually).toBe(1);
      await app.testId('company-choose').click();
      await expect.poll(() => app.testId('company-card').getAttribute('data-chosen')).toBe('true');
      const cookie = (await app.page.context().cookies()).find((c) => c.name === 'company_id');
      expect(cookie?.value).toMatch(/^\d+$/);
      // The page asks for 3 years (lib/cookie.test.ts); Chromium caps every cookie at 400 days.
      const days = (cookie!.expires * 1000 - Date.now()) / (24 * 3600 * 1000);
      expect(days).toBeGreaterThan(399);
      await screenshot(app.page, 'content-company');

      // A suspended company sends the visitor to its notice instead of being chosen.
      await app.page.route('https://www.silverlineglobal.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Notice</h1>' }),
      );
      await app.page.locator('[data-testid="company-search"] input').fill('silverline');
      await expect.poll(() => app.testId('company-card').count(), eventually).toBe(1);
      await app.testId('company-choose').click();
      await app.page.waitForURL('https://www.silverlineglobal.example/notice');
    } finally {
      await staffCall(stack, '/admin/api/settings', admin, { main_mode: 'trade' });
    }
  });

  it('reads well in the dark theme: news, leaderboard and companies', async () => {
    const app = await MoneyScreen.start(stack, '/news', { theme: 'dark' });
    await app.testId('news-list').waitFor();
    await screenshot(app.page, 'content-news-dark');
    await app.goto('/rank');
    // Nobody real has opted in here: the empty board says how traders get onto it.
    await expect
      .poll(() => app.testId('rank-empty').textContent(), eventually)
      .toContain('once they choose to show their results');
    await screenshot(app.page, 'content-rank-dark');
    const background = await app.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // A dark page: every channel of the background below the middle.
    const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
    expect(Math.max(...channels)).toBeLessThan(128);
  });

  it('serves the manifest and icons a phone needs to install the app', async () => {
    const app = await MoneyScreen.start(stack, '/');
    const href = await app.page.locator('link[rel="manifest"]').getAttribute('href');
    const loaded = await app.page.evaluate(async (manifestHref) => {
      const manifestUrl = new URL(manifestHref ?? '', location.href);
      const manifest = (await (await fetch(manifestUrl)).json()) as {
        icons: { src: string }[];
        start_url: string;
      };
      const icons = await Promise.all(
        manifest.icons.map(async (icon) => {
          const response = await fetch(new URL(icon.src, manifestUrl));
          return `${response.status} ${response.headers.get('content-type')}`;
        }),
      );
      const apple = document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')!.href;
      return { icons, apple: (await fetch(apple)).status, start: manifest.start_url };
    }, href);
    expect(loaded.icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of loaded.icons) expect(icon).toBe('200 image/png');
    expect(loaded.apple).toBe(200);
    expect(loaded.start).toBe('./#/');
  });
});
