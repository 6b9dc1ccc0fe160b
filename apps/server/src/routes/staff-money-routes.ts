/**
 * The review API for the broker's finance staff: deposits and withdrawals to approve or reject,
 * and the deposit channels and withdrawal currencies they configure. Every action is written to the
 * audit log in the same transaction as its effect.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drawMethodSchema,
  staffIdParamsSchema,
  changeOf,
  INTEGER_COLUMN_MAX,
  optionalWholeNumber,
  wholeNumber,
  chargeNetworkSchema,
  decimalText,
  depositApproveBodySchema,
  depositRecordSchema,
  envelopeOf,
  pageOf,
  remarkBodySchema,
  reviewListQuerySchema,
  withdrawalPaidBodySchema,
  wireBankSchema,
  withdrawCurrencySchema,
  withdrawRecordSchema,
} from '@omp/protocol';
import { ACCOUNT_CURRENCY, parseUsdPrice, usdPriceText } from '@omp/engine';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { MoneyQueries } from '../services/money-queries.ts';
import type { MoneyService, PaymentConfigTable } from '../services/money-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';
import { filesForRoles } from './staff-file-links.ts';

export interface StaffMoneyRouteDeps {
  money: MoneyService;
  moneyQueries: MoneyQueries;
}

const tags = ['staff: money'];
const FINANCE = ['finance'] as const;
/** Reading the queues: support sees them too, and decides nothing. */
const READ_MONEY = ['finance', 'support'] as const;
const idParams = z.object({ id: wholeNumber('id', 1) });
/** The staff lists carry each entry's flag, so a disabled one can be switched on again. */
const withFlag = <T extends z.ZodObject>(item: T) =>
  item.extend({ enabled: z.number().int().describe('1: offered to users') });

/** A currency's code as users see it ("USDT", "EUR"): letters and digits, stored in capitals. */
const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,16}$/, 'a currency code such as EUR');

const networkBody = z.object({
  currency_code: currencyCode,
  protocol_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,16}$/, 'a network code such as TRC20'),
  address: z.string().trim().min(16).max(128),
  enabled: optionalWholeNumber('enabled', 0, 1),
  sort: optionalWholeNumber('sort', -INTEGER_COLUMN_MAX, INTEGER_COLUMN_MAX),
});
const bankBody = z.object({
  bank_coin: currencyCode,
  bank_name: z.string().trim().min(1).max(128),
  bank_address: z.string().trim().min(1).max(256),
  bank_swift: z.string().trim().min(8).max(11),
  payee_name: z.string().trim().min(1).max(128),
  payee_account: z.string().trim().min(6).max(64),
  bank_remark: z.string().trim().max(256).optional(),
  enabled: optionalWholeNumber('enabled', 0, 1),
});
const depositRateBody = z.object({
  currency_code: currencyCode.refine((code) => code !== ACCOUNT_CURRENCY, { error: () => 'USD is always 1' }),
  usd_price: z
    .string()
    .trim()
    .refine((rate) => parseUsdPrice(rate) !== null, {
      error: () => 'a rate above 0 with at most 12 decimals, such as 0.86',
    })
    // Kept in its shortest exact text, as every screen shows it: "0001.5000" is stored as "1.5".
    .transform((rate) => usdPriceText(parseUsdPrice(rate)!))
    .describe('Units of the currency per 1 USD'),
});
const currencyBody = z.object({
  type: wholeNumber('type', 1, 2),
  code: currencyCode,
  protocol: z.string().trim().max(16).optional(),
  fee_type: wholeNumber('fee_type', 1, 2),
  draw_rate: decimalText('draw_rate'),
  usd_price: decimalText('usd_price'),
  min_amount: decimalText('min_amount').optional(),
  enabled: optionalWholeNumber('enabled', 0, 1),
});

const security = SESSION_SECURITY;

export async function staffMoneyRoutes(app: FastifyInstance, deps: StaffMoneyRouteDeps) {
  const { money, moneyQueries: queries } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/api/users/:id/payout-methods',
    {
      config: { staffRoles: ['finance', 'compliance', 'support'] },
      schema: {
        security,
        tags,
        summary: "A user's bound payout addresses and bank accounts, as withdrawals are paid to them",
        params: staffIdParamsSchema,
        response: { 200: envelopeOf(z.array(drawMethodSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, await queries.drawMethods(request.params.id));
    },
  );

  api.get(
    '/admin/api/deposits',
    {
      config: { staffRoles: READ_MONEY },
      schema: {
        security,
        tags,
        summary: 'Deposits, filtered by status and user',
        description:
          '`proof_img` is a signed link to the proof, empty to a member whose roles may not read proofs (finance, compliance and admin may).',
        querystring: reviewListQuerySchema,
        response: { 200: envelopeOf(pageOf(depositRecordSchema.extend({ user_id: z.number() }))) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { status, user_id, from_ms, to_ms, page, page_size } = request.query;
      const filter = {
        ...(status === undefined ? {} : { status }),
        ...(user_id === undefined ? {} : { userId: user_id }),
        ...(from_ms === undefined ? {} : { fromMs: from_ms }),
        ...(to_ms === undefined ? {} : { toMs: to_ms }),
      };
      const found = await queries.depositsPageForStaff(filter, page, page_size, request.lang);
      // The proof's link only to finance, compliance and admin (staff-file-links.ts).
      const list = found.list.map((row) => filesForRoles(staff.roles, 'deposit_proof', row, ['proof_img']));
      return ok(request, { ...found, list });
    },
  );

  for (const decision of ['approve', 'reject', 'invalidate'] as const)
    api.post(
      `/admin/api/deposits/:id/${decision}`,
      {
        config: { staffRoles: FINANCE },
        schema: {
          security,
          tags,
          summary:
            decision === 'approve'
              ? "Approve: credits the balance once, through the ledger: what arrived (`received`, in the deposit's currency, at the rate it was sent at), by default what the user declared"
              : `${decision[0]!.toUpperCase()}${decision.slice(1)} with a remark`,
          params: idParams,
          body: decision === 'approve' ? depositApproveBodySchema : remarkBodySchema,
          response: { 200: envelopeOf(depositRecordSchema) },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        const body = request.body as { remark?: string; amount?: string; received?: string } | undefined;
        const remark = body?.remark?.trim() || null;
        const decided = await money.decideDeposit(staff.id, request.params.id, decision, remark, {
          received: body?.received,
          amount: body?.amount,
        });
        return ok(request, queries.presentDeposit(decided, request.lang), 'money.review_done');
      },
    );

  api.get(
    '/admin/api/withdrawals',
    {
      config: { staffRoles: READ_MONEY },
      schema: {
        security,
        tags,
        summary: 'Withdrawals, filtered by status and user',
        querystring: reviewListQuerySchema,
        response: { 200: envelopeOf(pageOf(withdrawRecordSchema.extend({ user_id: z.number() }))) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { status, user_id, from_ms, to_ms, page, page_size } = request.query;
      const filter = {
        ...(status === undefined ? {} : { status }),
        ...(user_id === undefined ? {} : { userId: user_id }),
        ...(from_ms === undefined ? {} : { fromMs: from_ms }),
        ...(to_ms === undefined ? {} : { toMs: to_ms }),
      };
      return ok(request, await queries.withdrawalsPageForStaff(filter, page, page_size, request.lang));
    },
  );

  for (const decision of ['approve', 'reject'] as const)
    api.post(
      `/admin/api/withdrawals/:id/${decision}`,
      {
        config: { staffRoles: FINANCE },
        schema: {
          security,
          tags,
          summary:
            decision === 'approve'
              ? 'Approve: the held amount is paid out (with the transaction hash or bank reference, if given)'
              : 'Reject with a remark: the held amount returns to the balance',
          params: idParams,
          body: decision === 'approve' ? withdrawalPaidBodySchema : remarkBodySchema,
          response: { 200: envelopeOf(withdrawRecordSchema) },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        const body = request.body as { remark?: string; reference?: string } | undefined;
        // The payout's reference is what the user reads beside a paid withdrawal.
        const remark = (decision === 'approve' ? body?.reference : body?.remark)?.trim() || null;
        const decided = await money.decideWithdrawal(staff.id, request.params.id, decision, remark);
        return ok(request, await queries.presentWithdrawal(decided, request.lang), 'money.review_done');
      },
    );

  /** List, create and change one kind of configuration, each change audited. */
  const configRoutes = <T extends PaymentConfigTable>(
    path: string,
    table: T,
    body: z.ZodObject,
    list: () => Promise<unknown[]>,
    item: z.ZodType,
  ) => {
    api.get(
      `/admin/api/${path}`,
      {
        config: { staffRoles: FINANCE },
        schema: {
          security,
          tags,
          summary: `List ${path}, disabled ones included`,
          response: { 200: envelopeOf(z.array(item)) },
        },
      },
      async (request) => {
        await requireStaff(request);
        return ok(request, await list());
      },
    );
    api.post(
      `/admin/api/${path}`,
      {
        config: { staffRoles: FINANCE },
        schema: {
          security,
          tags,
          summary: `Add one of ${path}`,
          body,
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        const id = await money.createConfig(staff.id, table, request.body as Record<string, unknown>);
        return ok(request, { id }, 'money.config_saved');
      },
    );
    api.post(
      `/admin/api/${path}/:id`,
      {
        config: { staffRoles: FINANCE },
        schema: {
          security,
          tags,
          summary: `Change one of ${path}`,
          params: idParams,
          body: changeOf(body.partial()),
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        const { id } = request.params as { id: number };
        await money.updateConfig(staff.id, table, id, request.body as Record<string, unknown>);
        return ok(request, { id }, 'money.config_saved');
      },
    );
  };
  configRoutes(
    'charge-networks',
    'charge_networks',
    networkBody,
    () => queries.chargeNetworksForStaff(),
    withFlag(chargeNetworkSchema),
  );
  configRoutes(
    'wire-banks',
    'wire_banks',
    bankBody,
    () => queries.wireBanksForStaff(),
    withFlag(wireBankSchema),
  );
  configRoutes(
    'deposit-rates',
    'deposit_rates',
    depositRateBody,
    () => queries.depositRatesForStaff(),
    z.object({ id: z.number().int(), currency_code: z.string(), usd_price: z.string() }),
  );
  configRoutes(
    'withdraw-currencies',
    'withdraw_currencies',
    currencyBody,
    () => queries.withdrawCurrenciesForStaff(),
    withFlag(withdrawCurrencySchema),
  );
}
