import { describe, expect, it } from 'vitest';
import { endsCurrentSession } from './session-ended.ts';

describe('the end of a session announced on the socket', () => {
  const ended = { type: 'session_ended', code: 999, msg: 'Logged out', reason: 'forced_logout' } as const;

  it('signs the app out when it ends the session the app holds', () => {
    expect(endsCurrentSession({ ...ended, token: 'tok' }, 'tok')).toBe(true);
  });

  it('leaves a newer session, or an app already signed out, alone', () => {
    expect(endsCurrentSession({ ...ended, token: 'old' }, 'new')).toBe(false);
    expect(endsCurrentSession({ ...ended, token: '' }, '')).toBe(false);
  });
});
