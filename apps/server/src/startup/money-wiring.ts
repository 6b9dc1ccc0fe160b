/**
 * Money: the monthly statements and their e-mail, then the deposits, withdrawals and the ledger's
 * service. The two are built at different points of start-up (uploads and identity come between),
 * hence two functions.
 */
import type { KeyedLocks } from '../services/keyed-locks.ts';
import type { EventBus } from '../events/event-bus.ts';
import { writeAudit } from '../repositories/audit-repository.ts';
import { MoneyRepository } from '../repositories/money-repository.ts';
import { StatementRepository } from '../repositories/statement-repository.ts';
import { seedMoney } from '../seed/money-seed.ts';
import type { IdentityService } from '../services/identity-service.ts';
import type { MarketService } from '../services/market-service.ts';
import { MoneyService } from '../services/money-service.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { StatementMailer } from '../services/statement-mailer.ts';
import { StatementService } from '../services/statement-service.ts';
import type { UploadService } from '../services/upload-service.ts';
import type { Accounts } from './account-wiring.ts';
import type { TradingBook } from './book-wiring.ts';
import type { StartupBase } from './startup-base.ts';

export interface StatementWiringDeps extends StartupBase {
  accounts: Pick<Accounts, 'users' | 'mail' | 'userLocales'>;
  book: Pick<TradingBook, 'trading' | 'ownerCalls'>;
  market: MarketService;
}

export function wireStatements(deps: StatementWiringDeps) {
  const { market, logs } = deps;
  const { users } = deps.accounts;
  const { trading, ownerCalls } = deps.book;
  const statementRepository = new StatementRepository(deps.database.db);
  const statements = new StatementService({
    repository: statementRepository,
    users,
    instrument: (id) => market.instrumentById(id),
    idle: () => trading.idle(),
    logError: logs.error,
  });
  const statementMailer = new StatementMailer({
    repository: statementRepository,
    statements,
    mail: deps.accounts.mail,
    users,
    locales: deps.accounts.userLocales,
    runsHere: () => ownerCalls.runsHere(),
    now: deps.now,
    everyMs: deps.config.statementMailEveryMs,
    logError: logs.error,
  });
  return { statements, statementMailer };
}

export interface MoneyWiringDeps extends StartupBase {
  accounts: Pick<Accounts, 'users' | 'secondFactor' | 'notices'>;
  book: Pick<TradingBook, 'trading' | 'ownerCalls'>;
  settings: SettingsService;
  uploads: UploadService;
  identity: IdentityService;
  events: EventBus;
  locks: KeyedLocks;
}

export async function wireMoney(deps: MoneyWiringDeps) {
  const { database, uploads, identity } = deps;
  const { users, secondFactor } = deps.accounts;
  const moneyRepository = new MoneyRepository(database.db);
  await seedMoney(database.db);
  const money = new MoneyService({
    repository: moneyRepository,
    trading: deps.book.trading,
    settings: deps.settings,
    uploadOwnedBy: (nameOrUrl, userId) => uploads.ownedUpload(nameOrUrl, userId),
    isIdentityCertified: (userId) => identity.isCertified(userId),
    // Read at the moment of asking, not from the session cache: a freeze holds on every node at once.
    areWithdrawalsFrozen: async (userId) => (await users.byId(userId))?.withdrawalsFrozen === true,
    checkSecondFactor: (userId, code, ip) => secondFactor.checkWithdrawal(userId, code, ip),
    writeAudit,
    events: deps.events,
    now: deps.now,
    calls: deps.book.ownerCalls,
    notices: deps.accounts.notices,
    locks: deps.locks,
  });
  await money.init();
  return { moneyRepository, money };
}
