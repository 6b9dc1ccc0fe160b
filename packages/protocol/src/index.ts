export * from './constants.ts';
export * from './version.ts';
export * from './envelope.ts';
export * from './market.ts';
export * from './socket.ts';
export * from './account.ts';
export * from './trading.ts';
export * from './closing.ts';
export * from './money.ts';
export * from './staff.ts';
export * from './identity.ts';
export * from './payout-formats.ts';
export * from './content.ts';
export * from './user-access.ts';
export {
  changeOf,
  INTEGER_COLUMN_MAX,
  MAX_REQUEST_NESTING,
  optionalWholeNumber,
  requestPartFault,
  type RequestPartFault,
  wholeNumber,
} from './fields.ts';
export * from './back-office.ts';
export * from './stop-out-report.ts';
export * from './preferences.ts';
export * from './devices.ts';
export * from './second-factor.ts';
export * from './notifications.ts';
export * from './risk-warning.ts';
export * from './statement.ts';
export { parseCsv } from './csv.ts';
export * from './push.ts';
export { IdempotencyKeys, randomKey } from './idempotency-keys.ts';
