/**
 * Runs the append-only migrations at start. Migrations are listed here in order: a new one is
 * appended, an old one is never edited (its effect is already in every database).
 */
import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { DatabaseKind } from './database.ts';
import * as createdMarketTables from './migrations/20261122T2200_created_market_tables.ts';
import * as createdAccountTables from './migrations/20261122T2300_created_account_tables.ts';
import * as createdTradingTables from './migrations/20261123T0100_created_trading_tables.ts';
import * as createdMoneyTables from './migrations/20261123T0300_created_money_tables.ts';
import * as addedOneOpenIdentityPerUser from './migrations/20261123T0500_added_one_open_identity_per_user.ts';
import * as indexedUploadsByOwner from './migrations/20261123T0600_indexed_uploads_by_owner.ts';
import * as createdContentTables from './migrations/20261123T0700_created_content_tables.ts';
import * as fingerprintedIdempotencyKeys from './migrations/20261124T0100_fingerprinted_idempotency_keys.ts';
import * as usersCanBeDisabled from './migrations/20261124T0200_users_can_be_disabled.ts';
import * as createdServerSecrets from './migrations/20261124T0300_created_server_secrets.ts';
import * as staffSecondFactor from './migrations/20261125T0100_staff_second_factor.ts';
import * as messageLog from './migrations/20261125T0200_message_log.ts';
import * as instrumentNames from './migrations/20261125T0300_instrument_names.ts';
import * as userFreezes from './migrations/20261125T0400_user_freezes.ts';
import * as auditOrigin from './migrations/20261125T0500_audit_origin.ts';
import * as depositRates from './migrations/20261126T0100_deposit_rates.ts';
import * as demoAccountOfARealUser from './migrations/20261126T0300_demo_account_of_a_real_user.ts';
import * as favouriteInstruments from './migrations/20261126T0500_favourite_instruments.ts';
import * as storedFiles from './migrations/20261126T0900_stored_files.ts';
import * as bookLease from './migrations/20261127T0100_book_lease.ts';
import * as trailingStops from './migrations/20261127T0200_trailing_stops.ts';
import * as splitPositions from './migrations/20261127T0300_split_positions.ts';
import * as marginEventsAndSnapshots from './migrations/20261127T0400_margin_events_and_snapshots.ts';
import * as fillDetails from './migrations/20261127T0600_fill_details.ts';
import * as userPreferences from './migrations/20261127T0700_user_preferences.ts';
import * as userSecondFactor from './migrations/20261127T0800_user_second_factor.ts';
import * as sessionsAndPayoutSafety from './migrations/20261127T0900_sessions_and_payout_safety.ts';
import * as notificationsAndPriceAlerts from './migrations/20261127T1000_notifications_and_price_alerts.ts';
import * as webPush from './migrations/20261127T1100_web_push.ts';
import * as statements from './migrations/20261127T1200_statements.ts';
import * as riskWarningAndLeverageCaps from './migrations/20261127T1300_risk_warning_and_leverage_caps.ts';
import * as userLocale from './migrations/20261127T1400_user_locale.ts';
import * as marginCallWarned from './migrations/20261128T0100_margin_call_warned.ts';
import * as retentionIndexes from './migrations/20261129T2100_retention_indexes.ts';
import * as sessionExpiryIndexes from './migrations/20261130T0000_session_expiry_indexes.ts';
import * as unreadNotificationsIndex from './migrations/20261207T0100_unread_notifications_index.ts';
import * as backOfficeIndexes from './migrations/20261207T0200_back_office_indexes.ts';
import * as foldedEmailAddresses from './migrations/20261207T0300_folded_email_addresses.ts';
import * as enrolmentSession from './migrations/20261207T0400_enrolment_session.ts';
import * as uploadAttempts from './migrations/20261207T1800_upload_attempts.ts';
import * as uploadReferenceIndexes from './migrations/20261207T1900_upload_reference_indexes.ts';
import * as uploadDigests from './migrations/20261207T2000_upload_digests.ts';
import * as staffEnrolmentSession from './migrations/20261207T2100_staff_enrolment_session.ts';
import * as emailDomainsAsDelivered from './migrations/20261208T0100_email_domains_as_delivered.ts';
import * as codesSentByStaff from './migrations/20261208T0200_codes_sent_by_staff.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '20261122T2200_created_market_tables': createdMarketTables,
  '20261122T2300_created_account_tables': createdAccountTables,
  '20261123T0100_created_trading_tables': createdTradingTables,
  '20261123T0300_created_money_tables': createdMoneyTables,
  '20261123T0500_added_one_open_identity_per_user': addedOneOpenIdentityPerUser,
  '20261123T0600_indexed_uploads_by_owner': indexedUploadsByOwner,
  '20261123T0700_created_content_tables': createdContentTables,
  '20261124T0100_fingerprinted_idempotency_keys': fingerprintedIdempotencyKeys,
  '20261124T0200_users_can_be_disabled': usersCanBeDisabled,
  '20261124T0300_created_server_secrets': createdServerSecrets,
  '20261125T0100_staff_second_factor': staffSecondFactor,
  '20261125T0200_message_log': messageLog,
  '20261125T0300_instrument_names': instrumentNames,
  '20261125T0400_user_freezes': userFreezes,
  '20261125T0500_audit_origin': auditOrigin,
  '20261126T0100_deposit_rates': depositRates,
  '20261126T0300_demo_account_of_a_real_user': demoAccountOfARealUser,
  '20261126T0500_favourite_instruments': favouriteInstruments,
  '20261126T0900_stored_files': storedFiles,
  '20261127T0100_book_lease': bookLease,
  '20261127T0200_trailing_stops': trailingStops,
  '20261127T0300_split_positions': splitPositions,
  '20261127T0400_margin_events_and_snapshots': marginEventsAndSnapshots,
  '20261127T0600_fill_details': fillDetails,
  '20261127T0700_user_preferences': userPreferences,
  '20261127T0800_user_second_factor': userSecondFactor,
  '20261127T0900_sessions_and_payout_safety': sessionsAndPayoutSafety,
  '20261127T1000_notifications_and_price_alerts': notificationsAndPriceAlerts,
  '20261127T1100_web_push': webPush,
  '20261127T1200_statements': statements,
  '20261127T1300_risk_warning_and_leverage_caps': riskWarningAndLeverageCaps,
  '20261127T1400_user_locale': userLocale,
  '20261128T0100_margin_call_warned': marginCallWarned,
  '20261129T2100_retention_indexes': retentionIndexes,
  '20261130T0000_session_expiry_indexes': sessionExpiryIndexes,
  '20261207T0100_unread_notifications_index': unreadNotificationsIndex,
  '20261207T0200_back_office_indexes': backOfficeIndexes,
  '20261207T0300_folded_email_addresses': foldedEmailAddresses,
  '20261207T0400_enrolment_session': enrolmentSession,
  '20261207T1800_upload_attempts': uploadAttempts,
  '20261207T1900_upload_reference_indexes': uploadReferenceIndexes,
  '20261207T2000_upload_digests': uploadDigests,
  '20261207T2100_staff_enrolment_session': staffEnrolmentSession,
  '20261208T0100_email_domains_as_delivered': emailDomainsAsDelivered,
  '20261208T0200_codes_sent_by_staff': codesSentByStaff,
};

/** The migrator of this database's own schema, over every migration above. */
export async function migratorFor(db: Kysely<unknown>, kind: DatabaseKind): Promise<Migrator> {
  // Unless told a schema, the migrator takes a migration table in any schema as its own. On a
  // PostgreSQL database shared with other schemas (another application, a parallel test run) it
  // would then skip creating ours and fail, so name the schema this connection works in.
  const schema =
    kind === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  return new Migrator({
    db: schema ? withIntrospectionOf(db, schema) : db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * Kysely's migrator finds its tables by listing the tables of every schema in the database, with
 * their columns. On a database shared with other installations (or parallel test runs), a schema
 * dropped or a table altered by them during that listing failed our start ("schema … does not
 * exist", "column … does not exist"). The migrator reads only names and schemas: this lists the
 * tables of our schema alone, and nothing another schema does can fail it.
 */
export function withIntrospectionOf(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: () => tablesOf(db, schema),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the instance itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The tables of one schema, by name (no columns: the migrator reads none). */
export async function tablesOf(db: Kysely<unknown>, schema: string): Promise<TableMetadata[]> {
  const { rows } = await sql<{ name: string; isView: boolean }>`
    select table_name as name, table_type = 'VIEW' as "isView"
    from information_schema.tables where table_schema = ${schema}`.execute(db);
  return rows.map(({ name, isView }) => ({ name, schema, isView, isForeign: false, columns: [] }));
}

export async function migrateToLatest(db: Kysely<unknown>, kind: DatabaseKind): Promise<string[]> {
  const migrator = await migratorFor(db, kind);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
