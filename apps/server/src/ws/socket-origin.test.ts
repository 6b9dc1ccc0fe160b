import { describe, expect, it } from 'vitest';
import { isSocketOriginAllowed } from './socket-origin.ts';

describe('origins allowed to open the socket', () => {
  it('allows clients without an Origin (native apps) and pages from the same host', () => {
    expect(isSocketOriginAllowed(undefined, 'm.broker.example', [])).toBe(true);
    expect(isSocketOriginAllowed('https://m.broker.example', 'm.broker.example', [])).toBe(true);
    expect(isSocketOriginAllowed('https://m.broker.example', 'M.Broker.Example:443', [])).toBe(true);
    expect(isSocketOriginAllowed('http://localhost:5173', 'localhost:5173', [])).toBe(true);
  });

  it('refuses other sites, other ports and opaque origins unless listed', () => {
    expect(isSocketOriginAllowed('https://evil.example', 'm.broker.example', [])).toBe(false);
    expect(isSocketOriginAllowed('http://localhost:5173', 'localhost:8080', [])).toBe(false);
    expect(isSocketOriginAllowed('null', 'm.broker.example', [])).toBe(false);
    expect(isSocketOriginAllowed('https://m.broker.example', undefined, [])).toBe(false);
    expect(
      isSocketOriginAllowed('https://m.broker.example', 'api.broker.example', ['https://m.broker.example']),
    ).toBe(true);
    expect(
      isSocketOriginAllowed('http://m.broker.example', 'api.broker.example', ['https://m.broker.example']),
    ).toBe(false);
  });
});
