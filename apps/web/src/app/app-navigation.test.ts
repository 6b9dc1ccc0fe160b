import { afterEach, describe, expect, it, vi } from 'vitest';
import { appNavigation, attachNavigator } from './app-navigation.ts';

/** A window whose address is `hash`, recording the addresses history is given. */
function fakeWindow(hash: string) {
  const addresses: string[] = [];
  const location = { pathname: '/app/', search: '', hash };
  const record = (_state: unknown, _title: string, url: string) => addresses.push(url);
  vi.stubGlobal('window', { location, history: { replaceState: record, pushState: record } });
  return addresses;
}

describe('navigation outside React', () => {
  afterEach(() => {
    attachNavigator(undefined);
    vi.unstubAllGlobals();
  });

  it('reads and replaces the hash address before the router mounts', () => {
    const addresses = fakeWindow('#/order?tab=2');
    expect(appNavigation.location()).toEqual({ pathname: '/order', search: '?tab=2' });
    appNavigation.navigate('/login?from=%2Forder', { replace: true });
    expect(addresses).toEqual(['/app/#/login?from=%2Forder']);
  });

  it('reads an empty address as the quote list', () => {
    fakeWindow('');
    expect(appNavigation.location()).toEqual({ pathname: '/', search: '' });
  });

  it("uses the router's own navigate and location while it is mounted", () => {
    const addresses = fakeWindow('#/');
    const navigate = vi.fn();
    attachNavigator({ location: () => ({ pathname: '/user', search: '' }), navigate });
    expect(appNavigation.location().pathname).toBe('/user');
    appNavigation.navigate('/login', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(addresses).toEqual([]);
  });
});
