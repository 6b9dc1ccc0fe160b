/**
 * Money in and out on the wire: deposits (crypto network or bank wire), withdrawals, payout
 * methods, and the staff review of deposits and withdrawals. Bodies of the existing clients are
 * form-encoded with snake_case fields; amounts arrive as decimal text and stay exact.
 */
import { z } from 'zod';
import { totpCodeField } from './second-factor.ts';
import {
  optionalWholeNumber,
  nameText,
  pageFields,
  text,
  timeRangeFields,
  unixSeconds,
  utcTimeText,
  wholeNumber,
  wholeNumberOr,
} from './fields.ts';
import { decimalText } from './trading.ts';

/** An uploaded image: the url `image_upload` returned (or its bare name). */
const uploadRef = text(200).min(1);

/** The rate a client showed the user; a deposit is refused, not re-priced, when it changed since. */
const shownRate = decimalText('usd_price')
  .optional()
  .describe('The rate (units of the currency per 1 USD) the user was shown; refused if it changed since');

export const cryptoDepositBodySchema = z.object({
  number: decimalText('number').describe("Amount sent, in the network's currency (USD 1:1 for USD)"),
  proofImg: uploadRef.describe('Proof of payment: the url image_upload returned'),
  address: text(128).optional().describe('The address the user paid from (optional)'),
  charge_id: wholeNumber('charge_id', 1).describe('The network from quickCharge/info'),
  usd_price: shownRate,
});

export const wireDepositBodySchema = z.object({
  number: decimalText('number').describe("Amount sent, in the bank's currency (bank_coin)"),
  proofImg: uploadRef,
  wire_id: wholeNumber('wire_id', 1).describe('The bank from quickCharge/wire_info'),
  usd_price: shownRate,
});

export type CryptoDepositBody = z.infer<typeof cryptoDepositBodySchema>;
export type WireDepositBody = z.infer<typeof wireDepositBodySchema>;

export const wireInfoQuerySchema = z.object({ bank_coin: text(16).optional() });

export const depositListQuerySchema = z.object({
  type: optionalWholeNumber('type', 0, 1).describe('0 crypto, 1 bank; all when absent'),
  ...pageFields,
});

export const drawSymbolQuerySchema = z.object({
  type: wholeNumberOr('type', 1, 1, 2).describe('1 crypto address, 2 bank account'),
});

export const withdrawBodySchema = z.object({
  draw_currency_id: wholeNumber('draw_currency_id', 1),
  number: decimalText('number').describe('Amount in USD taken from the balance, fee included'),
  memo: text(200).optional(),
  draw_method_id: wholeNumber('draw_method_id', 1),
  totp_code: totpCodeField
    .optional()
    .describe('The authenticator code: required once the user turned on two-step sign-in'),
});

export type WithdrawBody = z.infer<typeof withdrawBodySchema>;

export const withdrawListQuerySchema = z.object({
  type: optionalWholeNumber('type', 1, 2),
  ...pageFields,
});

export const drawMethodQuerySchema = z.object({
  draw_type: optionalWholeNumber('draw_type', 1, 2).describe('1 crypto address, 2 bank account'),
  draw_id: optionalWholeNumber('draw_id', 1).describe('Only methods of this withdrawal currency'),
});

export const bindDrawMethodBodySchema = z.object({
  type: wholeNumber('type', 1, 2),
  draw_currency_id: wholeNumber('draw_currency_id', 1),
  dc_address: text(128).optional(),
  bank_name: nameText(128).optional(),
  bank_address: text(256).optional(),
  bank_swift: text(16).optional(),
  payee_name: nameText(128).optional(),
  payee_account: text(64).optional(),
});
export type BindDrawMethodBody = z.infer<typeof bindDrawMethodBodySchema>;

export const idBodySchema = z.object({ id: wholeNumber('id', 1) });

export const reviewListQuerySchema = z.object({
  status: optionalWholeNumber('status', 0, 3),
  user_id: optionalWholeNumber('user_id', 1),
  ...timeRangeFields,
  ...pageFields,
});

export const remarkBodySchema = z.object({ remark: text(500).min(1) });

const positiveAmount = (example: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, `an amount such as ${example}`)
    .refine((amount) => !/^0+(\.0+)?$/.test(amount), { error: () => 'the amount must be above 0' });

/** Approving a deposit: what actually arrived, when it is not what the user reported. */
export const depositApproveBodySchema = z
  .object({
    received: positiveAmount('95').describe(
      "Amount that arrived, in the deposit's currency; credited at the rate it was sent at. Default: what the user declared",
    ),
    amount: positiveAmount('98.5').describe('USD credited as given, instead of `received`'),
    remark: text(500).describe(
      'Shown to the user, e.g. why less arrived; required when `received` or `amount` credits other than declared',
    ),
  })
  .partial()
  .strict()
  // A call with no body at all (as before this field existed) approves as reported.
  .nullish();

/** Marking a withdrawal paid: the transaction hash or bank reference, which the user then sees. */
export const withdrawalPaidBodySchema = z
  .object({ reference: text(128).min(1).describe('Transaction hash or bank reference') })
  .partial()
  .strict()
  .nullish();

export const chargeNetworkSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  usd_price: z
    .string()
    .nullable()
    .describe(
      'Units of this currency per 1 USD that deposits are credited at; null: none set, deposits refused',
    ),
});

export const wireBankSchema = z.object({
  id: z.number().int(),
  bank_coin: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  usd_price: z
    .string()
    .nullable()
    .describe(
      'Units of this currency per 1 USD that deposits are credited at; null: none set, deposits refused',
    ),
});

export const withdrawCurrencySchema = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 crypto address, 2 bank account'),
  code: z.string(),
  protocol: z.string(),
  fee_type: z.number().int().describe('1 fixed fee in USD; otherwise number x draw_rate'),
  draw_rate: z.string(),
  usd_price: z.string().describe('Units of the payout currency per 1 USD'),
  min_amount: z.string(),
});

export const depositRecordSchema = z.object({
  id: z.number().int(),
  type: z.number().int().describe('0 crypto, 1 bank'),
  number: z.number().describe('USD credited (while under review: what the declared amount credits)'),
  currency_code: z.string(),
  network: z.string(),
  address: z.string(),
  proof_img: z.string(),
  status: z.number().int().describe('0 unchecked, 1 completed, 2 rejected, 3 invalid'),
  status_name: z.string(),
  remark: z.string(),
  created_at: utcTimeText(),
  sent_number: z.string().describe('What the user declared sending, in currency_code'),
  received_number: z
    .string()
    .nullable()
    .describe('What staff confirmed arrived, in currency_code; null until approved'),
  usd_price: z.string().describe('The rate it was sent at: units of currency_code per 1 USD'),
});

export const drawMethodSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  dc_address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  draw_currency: withdrawCurrencySchema.nullable(),
  bound_at: unixSeconds('When it was bound, Unix seconds'),
  usable_from: unixSeconds(
    'Unix seconds from which withdrawals may go to it (payout_cooling_hours after binding); ' +
      'null once usable',
  ).nullable(),
});

export const withdrawRecordSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  number: z.number().describe('USD taken from the balance'),
  fee: z.number().describe('USD'),
  real_number: z.string().describe('Received, in the payout currency, 2 decimals'),
  draw_currency: withdrawCurrencySchema.nullable(),
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
  status: z.number().int().describe('0 under review, 1 paid, 2 rejected'),
  status_name: z.string(),
  remark: z.string(),
  created_at: utcTimeText(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int() });

export type ChargeNetwork = z.infer<typeof chargeNetworkSchema>;
export type WireBank = z.infer<typeof wireBankSchema>;
export type WithdrawCurrency = z.infer<typeof withdrawCurrencySchema>;
export type DepositRecord = z.infer<typeof depositRecordSchema>;
export type DrawMethod = z.infer<typeof drawMethodSchema>;
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;
export interface RecordPage<T> {
  list: T[];
  total: number;
  page: number;
}
