/**
 * A session's device and browser in words, from the User-Agent its browser sent, through bowser
 * (MIT, kept up to date with new browsers and phones). Parsed when the list is read, not when the
 * session opens, so a newer parser also names the sessions opened before it.
 *
 *   describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) … Safari/604.1')
 *   // { device: 'iPhone, iOS 17.5', browser: 'Safari 17.5' }
 */
import Bowser from 'bowser';

export interface DeviceDescription {
  device: string;
  browser: string;
}

/** Chrome's "131.0.6778.85" says no more to a person than "131". */
const shortVersion = (version: string | undefined) => (version ?? '').split('.').slice(0, 2).join('.');

export function describeUserAgent(userAgent: string): DeviceDescription {
  if (!userAgent.trim()) return { device: '', browser: '' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(' ');
  const model = platform.model ?? (platform.vendor && platform.type ? `${platform.vendor}` : undefined);
  const device = [model, system].filter(Boolean).join(', ');
  const browserName = browser.name ?? '';
  const browserText = browserName
    ? [browserName, shortVersion(browser.version)].filter(Boolean).join(' ')
    : '';
  // An API client or a script says nothing bowser knows: show what it said, cut short.
  if (!device && !browserText) return { device: '', browser: userAgent.slice(0, 40) };
  return { device, browser: browserText };
}
