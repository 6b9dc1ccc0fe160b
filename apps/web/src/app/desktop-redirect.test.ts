import { describe, expect, it } from 'vitest';
import { desktopRedirectTarget, isMobileDevice } from './desktop-redirect.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('isMobileDevice', () => {
  it('recognises phones and tablets', () => {
    expect(isMobileDevice(IPHONE)).toBe(true);
    expect(isMobileDevice(ANDROID)).toBe(true);
    expect(isMobileDevice(MAC, 5)).toBe(true);
  });
  it('recognises desktops', () => {
    expect(isMobileDevice(DESKTOP)).toBe(false);
    expect(isMobileDevice(MAC, 0)).toBe(false);
  });
});

describe('desktopRedirectTarget', () => {
  const here = 'https://m.broker.example/#/trade';
  it('stays without a configured URL', () => {
    expect(desktopRedirectTarget(null, here)).toBeNull();
    expect(desktopRedirectTarget('', here)).toBeNull();
  });
  it('leaves for another site', () => {
    expect(desktopRedirectTarget('https://pc.broker.example', here)).toBe('https://pc.broker.example/');
  });
  it('never loops back to this page or follows odd schemes', () => {
    expect(desktopRedirectTarget('https://m.broker.example/', here)).toBeNull();
    expect(desktopRedirectTarget('javascript:alert(1)', here)).toBeNull();
  });
});
