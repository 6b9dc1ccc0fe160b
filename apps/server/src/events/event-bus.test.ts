import { describe, expect, it } from 'vitest';
import { createInProcessEventBus, isNodeLocal, type AppEventType, type SessionEnded } from './event-bus.ts';

describe('in-process event bus', () => {
  it('delivers an event to every subscriber of its type until they unsubscribe', () => {
    const bus = createInProcessEventBus();
    const first: SessionEnded[] = [];
    const second: SessionEnded[] = [];
    const offFirst = bus.subscribe('session_ended', (event) => first.push(event));
    bus.subscribe('session_ended', (event) => second.push(event));
    bus.publish('session_ended', { userId: 7, reason: 'forced_logout' });
    offFirst();
    bus.publish('session_ended', { userId: 8, tokenHash: 'ab', reason: 'logout' });
    expect(first.map((e) => e.userId)).toEqual([7]);
    expect(second.map((e) => e.userId)).toEqual([7, 8]);
  });

  it('reports a throwing subscriber and still runs the others', () => {
    const reported: unknown[] = [];
    const bus = createInProcessEventBus((error) => reported.push(error));
    const seen: number[] = [];
    bus.subscribe('session_ended', () => {
      throw new Error('broken listener');
    });
    bus.subscribe('session_ended', (event) => seen.push(event.userId));
    expect(() => bus.publish('session_ended', { userId: 3, reason: 'expired' })).not.toThrow();
    expect(seen).toEqual([3]);
    expect(reported).toHaveLength(1);
  });

  it('keeps quotes and bars node-local and lets every other event cross', () => {
    const crossing: AppEventType[] = [
      'trading_update',
      'trading_updates',
      'money_decided',
      'identity_decided',
      'settings_changed',
      'instrument_changed',
      'session_ended',
      'user_changed',
      'leaderboard_opted_out',
    ];
    expect(isNodeLocal('quote')).toBe(true);
    expect(isNodeLocal('kline')).toBe(true);
    for (const type of crossing) expect(isNodeLocal(type), type).toBe(false);
  });
});
