/**
 * Money calls (docs/CONTRACT.md "Money in and out"): deposit channels and deposits, withdrawal currencies,
 * withdrawals and payout methods. Real accounts only (the demo refusal also runs before routing,
 * by path prefix, in auth-plugin.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindDrawMethodBodySchema,
  chargeNetworkSchema,
  cryptoDepositBodySchema,
  depositListQuerySchema,
  depositRecordSchema,
  drawMethodQuerySchema,
  drawMethodSchema,
  drawSymbolQuerySchema,
  envelopeOf,
  idBodySchema,
  pageOf,
  wireBankSchema,
  wireDepositBodySchema,
  wireInfoQuerySchema,
  withdrawBodySchema,
  withdrawCurrencySchema,
  withdrawListQuerySchema,
  withdrawRecordSchema,
} from '@omp/protocol';
import { requireRealUser } from '../http/auth-plugin.ts';
import { idempotentRequestOf } from '../http/idempotency-key.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { MoneyQueries } from '../services/money-queries.ts';
import type { MoneyService } from '../services/money-service.ts';
import type { UploadService } from '../services/upload-service.ts';
import { toDeposit } from '../wire/money-wire.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface MoneyRouteDeps {
  money: MoneyService;
  /** Signs the links to proof images. */
  uploads: Pick<UploadService, 'link'>;
  moneyQueries: MoneyQueries;
}

const tags = ['money'];
const form = 'Form-encoded or JSON. Real accounts only.';
const creditedAtRate =
  " The amount is in the channel's currency; on approval it is credited in USD at the channel's `usd_price` (units per 1 USD), rounded down to the micro-dollar.";
const retrySafe =
  ' Send an `Idempotency-Key` header (1–64 characters) to make a retry safe: the same key answers with the first record.';
const oneProof =
  ' A proof whose picture (same bytes sent, or same stored image, under any name) backs another waiting or completed deposit is refused with code 0: the user’s own is named, another account’s is not.';

const security = SESSION_SECURITY;

export async function moneyRoutes(app: FastifyInstance, deps: MoneyRouteDeps) {
  const { money, moneyQueries: queries } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const link = (name: string) => deps.uploads.link(name);

  api.get(
    '/api/quickCharge/info',
    {
      schema: {
        security,
        tags,
        summary: 'Crypto networks to deposit to',
        response: { 200: envelopeOf(z.array(chargeNetworkSchema)) },
      },
    },
    async (request) => {
      await requireRealUser(request);
      return ok(request, await queries.chargeNetworks());
    },
  );

  api.get(
    '/api/quickCharge/wire_info',
    {
      schema: {
        security,
        tags,
        summary: 'Banks to wire to, optionally of one currency (bank_coin)',
        querystring: wireInfoQuerySchema,
        response: { 200: envelopeOf(z.array(wireBankSchema)) },
      },
    },
    async (request) => {
      await requireRealUser(request);
      return ok(request, await queries.wireBanks(request.query.bank_coin));
    },
  );

  api.get(
    '/api/quickCharge/symbols',
    {
      schema: {
        security,
        tags,
        summary: 'Currencies that can be deposited, by channel',
        response: { 200: envelopeOf(z.object({ coin: z.array(z.string()), bank: z.array(z.string()) })) },
      },
    },
    async (request) => {
      await requireRealUser(request);
      return ok(request, await queries.depositSymbols());
    },
  );

  api.post(
    '/api/quickCharge/submit',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Report a crypto deposit with its proof',
        description: form + creditedAtRate + oneProof + retrySafe,
        body: cryptoDepositBodySchema,
        response: { 200: envelopeOf(depositRecordSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { number, proofImg, address, charge_id, usd_price } = request.body;
      const record = await money.submitDeposit(
        user,
        { type: 0, channelId: charge_id, number, proofImg, address, usdPrice: usd_price },
        (row) => toDeposit(row, request.lang, link),
        idempotentRequestOf(request, user.id, 'deposit_crypto'),
      );
      return ok(request, record, 'money.deposit_submitted');
    },
  );

  api.post(
    '/api/quickCharge/wire_submit',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Report a bank wire with its proof',
        description: form + creditedAtRate + oneProof + retrySafe,
        body: wireDepositBodySchema,
        response: { 200: envelopeOf(depositRecordSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { number, proofImg, wire_id, usd_price } = request.body;
      const record = await money.submitDeposit(
        user,
        { type: 1, channelId: wire_id, number, proofImg, usdPrice: usd_price },
        (row) => toDeposit(row, request.lang, link),
        idempotentRequestOf(request, user.id, 'deposit_wire'),
      );
      return ok(request, record, 'money.deposit_submitted');
    },
  );

  api.get(
    '/api/quickCharge/quick_ist',
    {
      schema: {
        security,
        tags,
        summary: 'The user’s deposits, newest first',
        querystring: depositListQuerySchema,
        response: { 200: envelopeOf(pageOf(depositRecordSchema)) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { type, page, page_size } = request.query;
      const filter = { userId: user.id, ...(type === undefined ? {} : { type }) };
      return ok(request, await queries.depositsPage(filter, page, page_size, request.lang));
    },
  );

  api.get(
    '/api/account/draw_symbol_list',
    {
      schema: {
        security,
        tags,
        summary: 'Withdrawal currencies: type 1 crypto, 2 bank',
        querystring: drawSymbolQuerySchema,
        response: { 200: envelopeOf(z.array(withdrawCurrencySchema)) },
      },
    },
    async (request) => {
      await requireRealUser(request);
      return ok(request, await queries.withdrawCurrencies(request.query.type));
    },
  );

  api.post(
    '/api/account/draw',
    {
      config: { idempotent: true },
      schema: {
        security,
        tags,
        summary: 'Withdraw: the amount (fee included) is held at once, then paid or returned by staff',
        description: `${form} Only free margin can leave; the method must be the user's own. Once the user turned on two-step sign-in, \`totp_code\` (the authenticator's current code) is required: missing, wrong or already used, nothing is held.${retrySafe}`,
        body: withdrawBodySchema,
        response: { 200: envelopeOf(withdrawRecordSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { draw_currency_id, draw_method_id, number, memo, totp_code } = request.body;
      const record = await money.withdraw(
        user,
        {
          drawCurrencyId: draw_currency_id,
          drawMethodId: draw_method_id,
          number,
          memo,
          secondFactorCode: totp_code,
          ip: request.ip,
        },
        request.lang,
        idempotentRequestOf(request, user.id, 'withdraw'),
      );
      return ok(request, record, 'money.withdrawal_submitted');
    },
  );

  api.get(
    '/api/account/draw_list',
    {
      schema: {
        security,
        tags,
        summary: 'The user’s withdrawals, newest first',
        querystring: withdrawListQuerySchema,
        response: { 200: envelopeOf(pageOf(withdrawRecordSchema)) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { type, page, page_size } = request.query;
      const filter = { userId: user.id, ...(type === undefined ? {} : { type }) };
      return ok(request, await queries.withdrawalsPage(filter, page, page_size, request.lang));
    },
  );

  api.get(
    '/api/wallet/get_draw_method',
    {
      schema: {
        security,
        tags,
        summary: 'The user’s bound crypto addresses (1) or bank accounts (2)',
        querystring: drawMethodQuerySchema,
        response: { 200: envelopeOf(z.array(drawMethodSchema)) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { draw_type, draw_id } = request.query;
      return ok(request, await queries.drawMethods(user.id, draw_type, draw_id));
    },
  );

  api.post(
    '/api/wallet/bind_draw_method',
    {
      schema: {
        security,
        tags,
        summary: 'Bind a crypto address (type 1: dc_address) or a bank account (type 2: bank fields)',
        description: `${form} Addresses are checked for the network's format, SWIFT codes and account numbers for theirs.`,
        body: bindDrawMethodBodySchema,
        response: { 200: envelopeOf(drawMethodSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const id = await money.bindDrawMethod(user, request.body, request.lang);
      return ok(request, (await queries.drawMethod(user.id, id))!, 'money.method_bound');
    },
  );

  api.post(
    '/api/wallet/del_draw_method',
    {
      schema: {
        security,
        tags,
        summary: 'Delete a bound payout method',
        description: form,
        body: idBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      await money.deleteDrawMethod(user, request.body.id);
      return ok(request, null, 'money.method_deleted');
    },
  );
}
