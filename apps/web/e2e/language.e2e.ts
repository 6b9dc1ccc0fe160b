/**
 * Switching among the 15 languages: texts, the server's category names, `<html lang dir>`, and a
 * right-to-left layout for Arabic that survives a reload.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, eventually, screenshot, useStack } from './harness.ts';
import { HomePage } from './pages/home-page.ts';
import { LanguagePage } from './pages/language-page.ts';
import { TradePage } from './pages/trade-page.ts';

describe.skipIf(!chromiumPath)('language', () => {
  const stack = useStack();

  it('starts in Traditional Chinese for a first-time visitor', async () => {
    const page = await stack.newPage();
    await page.goto(stack.url('/'));
    await page.getByTestId('tab-bar').waitFor();
    expect(await page.locator('.tab-bar__label').allTextContents()).toEqual([
      '跟單',
      '訂單',
      '行情',
      '排行',
      '交易',
    ]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
  });

  it('switches texts, category names, lang and dir, and keeps the choice', async () => {
    const home = await HomePage.start(stack, '/', { lang: 'en' });
    await home.waitForList();
    expect(await home.tabLabels()).toEqual(['Copy trading', 'Orders', 'Market', 'Ranking', 'Trading']);
    const englishChips = await home.chips.allTextContents();

    await home.goto('/language');
    const language = home.as(LanguagePage);
    await language.choose('jp');
    expect(await language.htmlAttributes()).toEqual({ lang: 'ja-JP', dir: 'ltr' });
    await home.goto('/');
    expect(await home.tabLabels()).toEqual(['コピー', '注文', 'マーケット', 'ランキング', '取引']);
    await expect.poll(() => home.chips.allTextContents(), eventually).not.toEqual(englishChips);
    await screenshot(home.page, 'home-jp');

    await home.goto('/language');
    await language.choose('ar');
    expect(await language.htmlAttributes()).toEqual({ lang: 'ar', dir: 'rtl' });
    await screenshot(home.page, 'language-ar');

    await home.goto('/');
    await home.waitForList();
    expect(await home.tabLabels()).toEqual(['النسخ', 'الأوامر', 'السوق', 'الترتيب', 'التداول']);
    // Mirrored: the first tab sits at the right edge, the symbol column on the right of each row.
    const firstTab = await home.tab('documentary').boundingBox();
    const lastTab = await home.tab('trading').boundingBox();
    expect(firstTab!.x).toBeGreaterThan(lastTab!.x);
    await screenshot(home.page, 'home-ar');

    await home.tab('trading').click();
    const trade = home.as(TradePage);
    await trade.waitForBars('1M');
    await screenshot(home.page, 'trade-ar');

    await home.page.reload();
    await home.page.getByTestId('trade-page').waitFor();
    expect(await home.htmlAttributes()).toEqual({ lang: 'ar', dir: 'rtl' });

    // The news (the seeded articles are written in Arabic too) and the copy-trading tab are mirrored too.
    await home.goto('/news');
    await home.page.getByTestId('news-list').waitFor();
    const row = await home.page.getByTestId('news-row').first().boundingBox();
    const logo = await home.page.locator('.news-row__logo').first().boundingBox();
    expect(logo!.x).toBeLessThan(row!.x + row!.width / 2);
    await screenshot(home.page, 'news-ar');
    await home.goto('/feedback');
    await home.page.getByTestId('documentary-intro').waitFor();
    await screenshot(home.page, 'documentary-ar');
  });
});
