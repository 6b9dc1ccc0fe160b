/**
 * The invite link (docs/CONTRACT.md "Timings and sizes"): this app's address plus the
 * registration screen with the invite code, e.g. https://m.example.com/#/register?invite_code=K7MX2PQA.
 * Built from where the app is served, so it also works under a sub-path.
 */
export function inviteLink(location: Pick<Location, 'origin' | 'pathname'>, code: string): string {
  return `${location.origin}${location.pathname}#/register?invite_code=${encodeURIComponent(code)}`;
}
