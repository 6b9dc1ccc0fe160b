/**
 * The API documentation page at /docs, in a desktop browser: it renders every operation under its
 * own content policy, with nothing blocked, and an operation opens to show its parameters.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, screenshot, useStack } from './harness.ts';

describe.skipIf(!chromiumPath)('API documentation page', () => {
  const stack = useStack();

  it('renders under its content policy with no violation, and an operation opens', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) blocked.push(message.text());
      });
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Content Security Policy: ${event.violatedDirective} blocked ${event.blockedURI}`),
        ),
      );
      const response = await page.goto(`${stack.baseUrl}/docs`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

      // The document's first operation: only those near the viewport are mounted (below).
      await page
        .locator('.opblock-summary-path', { hasText: '/v1/api/forex/getCategories' })
        .first()
        .waitFor();
      // The document has well over a hundred operations; Swagger UI then mounts only those near
      // the viewport, so the page shows a screenful and the document counts them all.
      const documented = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as {
        paths: Record<string, object>;
      };
      expect(Object.values(documented.paths).flatMap((ops) => Object.keys(ops)).length).toBeGreaterThan(100);
      expect(await page.locator('.opblock').count()).toBeGreaterThan(5);
      await page.locator('.opblock-summary', { hasText: '/v1/api/forex/getCategories' }).first().click();
      await page
        .locator('.opblock.is-open .opblock-section-header', { hasText: 'Parameters' })
        .first()
        .waitFor();
      // The stylesheet applied: an operation's method badge is a coloured box, not plain text.
      const badge = page.locator('.opblock-summary-method').first();
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await screenshot(page, 'api-docs');
      expect(blocked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
