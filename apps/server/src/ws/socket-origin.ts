/**
 * Which web pages may open the realtime socket. Browsers send cookies and credentials with a
 * WebSocket upgrade to any site and let any page open one, so the server decides by the Origin
 * header (cross-site WebSocket hijacking): a page served from the socket's own host is allowed, as
 * are the origins the broker lists (ALLOWED_ORIGINS, e.g. a web app on another sub-domain). A
 * request without an Origin comes from a native client, which no web page can impersonate.
 */
export function isSocketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // `null` (a sandboxed frame, a file) or garbage: no page we know.
    return false;
  }
  if (allowedOrigins.includes(url.origin)) return true;
  return host !== undefined && withoutDefaultPort(url.host) === withoutDefaultPort(host.toLowerCase());
}

/** `example.com:443` and `example.com` name the same host; proxies write either. */
function withoutDefaultPort(host: string): string {
  return host.replace(/:(80|443)$/, '');
}
