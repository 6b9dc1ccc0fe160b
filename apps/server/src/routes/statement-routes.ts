/**
 * Account statements (docs/CONTRACT.md "Statements"): the JSON preview, the CSV and PDF downloads,
 * and the monthly e-mail switch. The downloads take the same `authorization` header as every
 * other call, so the phone fetches them as a blob and saves that: no token ever sits in a URL,
 * where it would outlive the request in histories and logs. Refusals come in the envelope as JSON.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  ResponseCode,
  statementMailBodySchema,
  statementMailSchema,
  statementQuerySchema,
  statementSchema,
  type StatementQuery,
} from '@omp/protocol';
import { DomainError } from '../domain/errors.ts';
import { inMemoryRateLimits, type RateLimits } from '../http/rate-limits.ts';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { statementCsv } from '../services/statement-csv.ts';
import { statementPdf } from '../services/statement-pdf.ts';
import { wireStatement, type Statement, type StatementService } from '../services/statement-service.ts';
import type { StatementMailer } from '../services/statement-mailer.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface StatementRouteDeps {
  statements: StatementService;
  statementMailer: StatementMailer;
  now: () => number;
  /** Where the download buckets live: Redis on a cluster, so one user has one limit; else here. */
  rateLimits?: RateLimits;
}

/**
 * A document costs far more to make than a call to answer (a PDF lays out and embeds fonts): each
 * user gets a burst of downloads and then one every few seconds, so nobody can tie the server up.
 */
const DOWNLOADS = { ratePerSecond: 0.2, burst: 10 };

const BASE = '/v1/api/main/account';

/** statement-real-2026-11-01_2026-11-30.pdf: the account and the days it covers, inclusive. */
function fileName(statement: Statement, extension: string): string {
  const lastDay = new Date(Date.parse(`${statement.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return `statement-${statement.account}-${statement.from}_${lastDay}.${extension}`;
}

function asDownload(reply: FastifyReply, statement: Statement, extension: string, type: string) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName(statement, extension)}"`)
    .header('cache-control', 'private, no-store');
}

export async function statementRoutes(app: FastifyInstance, deps: StatementRouteDeps) {
  const { statements, statementMailer, now } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const downloads = (deps.rateLimits ?? inMemoryRateLimits(now)).limiter('statement_files', DOWNLOADS);
  /** The user's statement, once their bucket allows another document. */
  const documentStatement = async (request: FastifyRequest<{ Querystring: StatementQuery }>) => {
    const user = await requireUser(request);
    if ((await downloads.take(String(user.id))) > 0)
      throw new DomainError(ResponseCode.rateLimited, 'rate_limited');
    return statements.statement(user, request.query, request.lang);
  };
  const tags = ['statements'];
  const security = SESSION_SECURITY;
  const range =
    'The range is [from, to) in `tz` (local midnights; at most 366 days). The real account unless ' +
    '`account=demo`; only the signed-in person’s own accounts.';

  api.get(
    `${BASE}/statement`,
    {
      schema: {
        tags,
        security,
        summary: 'A statement of a date range: opening and closing balance, totals by kind',
        description: `${range} Figures are exact decimal text; opening + every row = closing.`,
        querystring: statementQuerySchema,
        response: { 200: envelopeOf(statementSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const statement = await statements.statement(user, request.query, request.lang);
      return ok(request, wireStatement(statement, request.query.detail === '1'));
    },
  );

  api.get(
    `${BASE}/statement.csv`,
    {
      schema: {
        tags,
        security,
        summary: 'The statement as CSV (UTF-8 with BOM, headers in the request’s language)',
        description:
          `${range} text/csv as an attachment: one header row, then the opening balance, every ledger ` +
          'row with its trade’s details, totals (in the last column) and the closing balance. ' +
          'A refusal answers the JSON envelope; documents beyond a burst of 10 come one per 5 s (code 429).',
        querystring: statementQuerySchema.omit({ detail: true }),
      },
    },
    async (request, reply) => {
      const statement = await documentStatement(request);
      return asDownload(reply, statement, 'csv', 'text/csv; charset=utf-8').send(
        statementCsv(statement, request.lang),
      );
    },
  );

  api.get(
    `${BASE}/statement.pdf`,
    {
      schema: {
        tags,
        security,
        summary: 'The statement as a PDF in the request’s language',
        description: `${range} application/pdf as an attachment, streamed. A refusal answers the JSON envelope.`,
        querystring: statementQuerySchema.omit({ detail: true }),
      },
    },
    async (request, reply) => {
      const statement = await documentStatement(request);
      return asDownload(reply, statement, 'pdf', 'application/pdf').send(
        await statementPdf(statement, request.lang, now()),
      );
    },
  );

  api.get(
    `${BASE}/statementMail`,
    {
      schema: {
        tags,
        security,
        summary: 'Whether the monthly statement is e-mailed to the signed-in user',
        response: { 200: envelopeOf(statementMailSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await statementMailer.choice(user));
    },
  );

  api.post(
    `${BASE}/statementMail`,
    {
      schema: {
        tags,
        security,
        summary: 'Turn the monthly statement by e-mail on or off',
        description:
          'JSON or form {monthly, tz}. On: early each month the previous month (in `tz`) is e-mailed ' +
          'as a PDF in the request’s language. Needs a real account with an e-mail address.',
        body: statementMailBodySchema,
        response: { 200: envelopeOf(statementMailSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { monthly, tz } = request.body;
      const choice = await statementMailer.choose(user, monthly, request.lang, tz);
      return ok(request, choice, monthly ? 'statement.mail_on' : 'statement.mail_off');
    },
  );
}
