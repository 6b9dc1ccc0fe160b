import { describe, expect, it } from 'vitest';
import { retryWhileOtherSchemaDropped } from './migrate.ts';

/** What node-postgres throws for an error PostgreSQL reports, reduced to what is read here. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a migration run that lists the tables of every schema', () => {
  it("tries again when another schema was dropped during the listing, and returns the run's result", async () => {
    let calls = 0;
    const applied = await retryWhileOtherSchemaDropped(async () => {
      calls += 1;
      if (calls < 3) throw pgError('3F000', 'schema "t_14044_cmvxxsxe" does not exist');
      return ['20261127T1400_user_locale'];
    });
    expect(applied).toEqual(['20261127T1400_user_locale']);
    expect(calls).toBe(3);
  });

  it('lets any other error through at once', async () => {
    let calls = 0;
    const failing = retryWhileOtherSchemaDropped(async () => {
      calls += 1;
      throw pgError('42P07', 'relation "users" already exists');
    });
    await expect(failing).rejects.toThrow('relation "users" already exists');
    expect(calls).toBe(1);
  });

  it('gives up after a few tries, with the error as it came', async () => {
    let calls = 0;
    const failing = retryWhileOtherSchemaDropped(async () => {
      calls += 1;
      throw pgError('3F000', 'schema "gone" does not exist');
    }, 4);
    await expect(failing).rejects.toThrow('schema "gone" does not exist');
    expect(calls).toBe(4);
  });
});
