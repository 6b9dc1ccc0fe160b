/**
 * Which URLs a Web Push subscription may name. The server POSTs to a subscription's endpoint, and
 * the endpoint comes from a client: without a rule, anyone signed in could make the server send
 * requests into the broker's own network (cloud metadata at 169.254.169.254, an admin port on
 * localhost, a database's HTTP interface): server-side request forgery. So an endpoint must be
 * https on the standard port, at a host name (never an address) that is a known push service or a
 * sub-domain of one (config-web-push.ts). Such a host cannot be pointed inward by the client, and
 * nothing else is ever contacted. Tests run their own push service on this machine and may allow
 * loopback endpoints (PUSH_ALLOW_LOOPBACK, refused in production).
 */
import { isIP } from 'node:net';

export interface EndpointRules {
  serviceHosts: readonly string[];
  allowLoopback: boolean;
}

/** Whether the server may send a push to this endpoint. */
export function isAllowedPushEndpoint(endpoint: string, rules: EndpointRules): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (rules.allowLoopback && isLoopback(host)) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '' || isIP(host) !== 0) return false;
  return rules.serviceHosts.some((service) => host === service || host.endsWith(`.${service}`));
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}
