/**
 * Texts staff write per language for the service pages: the announcement and the complaint page.
 * Each is one JSON object (language → text) in the settings table under `texts.<key>`. Until staff
 * save one, the defaults of seed/service-texts.ts apply; a language missing from a saved object
 * shows the English text.
 */
import { isLanguage, type Language, type LocalizedTextKey } from '@omp/protocol';
import { DEFAULT_ANNOUNCEMENT, DEFAULT_COMPLAINT_TEXT } from '../seed/service-texts.ts';
import type { Db, DbOrTx, Tx } from '../repositories/unit-of-work.ts';

export type LocalizedTexts = Partial<Record<Language, string>>;

const DEFAULTS: Record<LocalizedTextKey, LocalizedTexts> = {
  announcement: DEFAULT_ANNOUNCEMENT,
  complaint_text: DEFAULT_COMPLAINT_TEXT,
};

const settingKey = (key: LocalizedTextKey) => `texts.${key}`;

function parse(value: string | undefined): LocalizedTexts | undefined {
  if (value === undefined) return undefined;
  const parsed = JSON.parse(value) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [Language, string] => isLanguage(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}

export class ServiceTexts {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Every language's text as it stands: saved by staff, or the defaults. */
  async all(key: LocalizedTextKey, db: DbOrTx = this.db) {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', settingKey(key))
      .executeTakeFirst();
    return parse(row?.value) ?? { ...DEFAULTS[key] };
  }

  /** The text in `lang`, else English, else empty. */
  async text(key: LocalizedTextKey, lang: Language): Promise<string> {
    const texts = await this.all(key);
    return texts[lang] || texts.en || '';
  }

  /**
   * Sets the given languages (an empty text removes one; English always stays) in the caller's
   * transaction, so the audit row commits with it. Returns the texts before and after.
   */
  async put(
    trx: Tx,
    key: LocalizedTextKey,
    changes: LocalizedTexts,
    atMs: number,
  ): Promise<{ before: LocalizedTexts; after: LocalizedTexts }> {
    const before = await this.all(key, trx);
    const after: LocalizedTexts = { ...before };
    for (const [lang, text] of Object.entries(changes) as Array<[Language, string]>) {
      if (text.trim() === '' && lang !== 'en') delete after[lang];
      else if (text.trim() !== '') after[lang] = text.trim();
    }
    const value = JSON.stringify(after);
    await trx
      .insertInto('settings')
      .values({ key: settingKey(key), value, updated_at: atMs })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: atMs }))
      .execute();
    return { before, after };
  }
}
