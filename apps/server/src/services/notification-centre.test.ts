/**
 * The notifications of a cascade (one committed batch of closes, `notifyMany`) reach each user by
 * the channels that user chose, worded in that user's language, and those choices and languages
 * are read once for the whole batch: a thousand closes must not cost two thousand more reads after
 * the commit. A single `notify` reads them for its one user.
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '@omp/protocol';
import type { NotificationRepository, StoredChannelChoice } from '../repositories/notification-repository.ts';
import type { ChannelMessage, NotificationChannelAdapter } from './notification-channels.ts';
import { ANNOUNCEMENTS_PER_TURN, NotificationCentre, type NewNotice } from './notification-centre.ts';

const closed = (id: number): NewNotice => ({
  kind: 'stop_loss',
  textKey: 'stop_loss',
  params: { code: 'EUR/USD', id, price: '1.09700', profit: '-31.2' },
  link: '/order',
});

function centreWith(
  choices: Map<number, StoredChannelChoice[]>,
  languages: Map<number, Language>,
  push?: NotificationChannelAdapter,
  publish: (name: string, event: unknown) => void = () => undefined,
) {
  const reads = { choices: 0, languages: 0 };
  const pushed: Array<{ userId: number; message: ChannelMessage }> = [];
  let nextId = 1;
  const repository = {
    insert: async () => nextId++,
    insertMany: async (rows: unknown[]) => rows.map(() => nextId++),
    unreadCount: async () => 1,
    unreadCounts: async () => new Map<number, number>(),
    channelChoicesOf: async (userIds: readonly number[]) => {
      reads.choices += 1;
      return new Map(userIds.flatMap((id) => (choices.has(id) ? [[id, choices.get(id)!] as const] : [])));
    },
  } as unknown as NotificationRepository;
  const centre = new NotificationCentre({
    repository,
    events: { publish },
    now: () => Date.UTC(2026, 10, 18, 12),
    logError: (error) => {
      throw error;
    },
    languagesOf: async (userIds) => {
      reads.languages += 1;
      return new Map(userIds.map((id) => [id, languages.get(id) ?? 'en']));
    },
    channels: { push: push ?? { deliver: async (userId, message) => void pushed.push({ userId, message }) } },
  });
  return { centre, reads, pushed };
}

describe('notification centre deliveries', () => {
  it('reads the choices and languages of a batch once, and honours each user’s', async () => {
    const users = Array.from({ length: 50 }, (_, i) => i + 1);
    // User 2 switched stop-loss pushes off; user 3 reads German.
    const { centre, reads, pushed } = centreWith(
      new Map([[2, [{ kind: 'stop_loss', push: false, email: false }]]]),
      new Map([[3, 'de']]),
    );
    await centre.notifyMany(users.map((userId) => ({ userId, notice: closed(userId) })));

    expect(reads).toEqual({ choices: 1, languages: 1 });
    expect(pushed.map((p) => p.userId)).toEqual(users.filter((id) => id !== 2));
    expect(pushed.find((p) => p.userId === 3)!.message.title).toBe('Stop-Loss erreicht');
    expect(pushed.find((p) => p.userId === 1)!.message.title).toBe('Stop loss hit');
  });

  it('hands a batch to a channel that takes many at once in one call', async () => {
    const batches: number[][] = [];
    const { centre } = centreWith(
      new Map([[2, [{ kind: 'stop_loss', push: false, email: false }]]]),
      new Map(),
      {
        deliver: async () => expect.fail('a batch goes to deliverMany'),
        deliverMany: async (items) => void batches.push(items.map((item) => item.userId)),
      },
    );
    await centre.notifyMany([1, 2, 3].map((userId) => ({ userId, notice: closed(userId) })));
    expect(batches).toEqual([[1, 3]]);
  });

  it('reads one user’s choices and language for a single notification', async () => {
    const { centre, reads, pushed } = centreWith(new Map(), new Map([[7, 'fr']]));
    await centre.notify(7, closed(7));
    expect(reads).toEqual({ choices: 1, languages: 1 });
    expect(pushed).toHaveLength(1);
  });
  it('announces a cascade a few dozen per turn of the event loop, in order, so it never holds the loop', async () => {
    let turn = 0;
    let done = false;
    const advance = () => {
      turn += 1;
      if (!done) setImmediate(advance);
    };
    setImmediate(advance);
    const heard: Array<{ userId: number; turn: number }> = [];
    const { centre } = centreWith(new Map(), new Map(), undefined, (name, event) => {
      if (name === 'notification_created') heard.push({ userId: (event as { userId: number }).userId, turn });
    });
    const users = Array.from({ length: 1_000 }, (_, i) => i + 1);
    await centre.notifyMany(users.map((userId) => ({ userId, notice: closed(userId) })));
    done = true;
    expect(heard.map((h) => h.userId)).toEqual(users);
    const perTurn = new Map<number, number>();
    for (const { turn: at } of heard) perTurn.set(at, (perTurn.get(at) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(ANNOUNCEMENTS_PER_TURN);
    expect(perTurn.size).toBeGreaterThanOrEqual(Math.ceil(users.length / ANNOUNCEMENTS_PER_TURN));
  });
});
