/**
 * The Content-Security-Policy headers of our pages: the web app's (scripts from our origin only)
 * and the API documentation page's, derived from the one its UI package ships.
 */

/**
 * What the app's page may load. Scripts only from our origin, so HTML that slips into a news
 * article or a name can never run; inline styles are allowed because the UI library positions
 * popups and animations with style attributes. Images (company logos) and the customer-service
 * frame may come from any host the broker configures; nothing may frame the app itself.
 */
export function appContentPolicy(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    "font-src 'self' data:",
    // Our API and socket, and the complaint host when the broker points that page elsewhere.
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "frame-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The documentation page's policy, from the one the UI package derives: scripts from our origin
 * only, no third-party validator, no framing, and no forced upgrade to HTTPS (which would break the
 * page on a plain-HTTP install). Inline styles are allowed, as on the app's pages: the UI injects a
 * style element at run time.
 */
export function apiDocsContentPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) =>
      directive
        .replace(' validator.swagger.io', '')
        .replace(/^frame-ancestors .*/, "frame-ancestors 'none'")
        .replace(/^style-src .*/, "style-src 'self' 'unsafe-inline'")
        .replace(/^font-src 'self' https: data:/, "font-src 'self' data:"),
    )
    .join('; ');
}

/** The origin of a configured https host, for the content policy; nothing for anything else. */
export function originOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}
