/**
 * The back office on the wire: staff accounts with roles, their login and sessions, and the audit
 * log of what staff did. Staff sessions are separate from users' sessions: a token of one kind is
 * never accepted where the other is expected.
 */
import { z } from 'zod';
import { withOneProof } from './second-factor.ts';
import {
  changeOf,
  optionalWholeNumber,
  pageFields,
  text,
  timeRangeFields,
  utcTimeText,
  wholeNumber,
} from './fields.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

/**
 * Staff roles. `admin` may do everything, including managing staff; `finance` reviews money in and
 * out; `compliance` reviews identities.
 */
/**
 * admin: everything; finance: money queues and balances; compliance: identity and access;
 * support: reads every screen (users, queues, messages, dashboard) and decides nothing.
 */
export const STAFF_ROLES = ['admin', 'finance', 'compliance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Letters, digits and . _ - so a name is easy to read aloud and to type. */
export const staffUsernameSchema = text(64)
  .min(3)
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'username may use letters, digits, dot, underscore and dash' });

/** Roles arrive as a JSON array or as a comma-separated list (form-encoded bodies). */
export const staffRolesSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((role) => role.trim())
          .filter((role) => role !== '')
      : value,
  z.array(z.enum(STAFF_ROLES)).min(1).max(STAFF_ROLES.length),
);

export const staffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  disabled: z.number().int().describe('1: cannot log in'),
  second_factor: z.number().int().describe('1: an authenticator is enrolled'),
  created_at: utcTimeText(),
});
export type WireStaff = z.infer<typeof staffSchema>;

export const staffLoginBodySchema = z.object({
  username: text(64).min(1),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

/** What a password login asks next: enrol an authenticator (first login) or give its code. */
export const STAFF_SECOND_FACTOR_STEPS = ['enrol', 'verify'] as const;
export type StaffSecondFactorStep = (typeof STAFF_SECOND_FACTOR_STEPS)[number];

export const staffLoginResultSchema = z.object({
  token: z
    .string()
    .describe('Send it in the authorization header. It opens only the second-factor calls until one passes.'),
  staff: staffSchema,
  second_factor: z.enum(STAFF_SECOND_FACTOR_STEPS),
});

export const staffEnrolmentSchema = z.object({
  secret: z.string().describe('Base32, for typing into an authenticator by hand'),
  otpauth_url: z.string().describe('The otpauth:// address a QR code carries'),
});

/** An authenticator code, or one of the recovery codes shown at enrolment. */
export const staffSecondFactorBodySchema = withOneProof({}, 'staff.code_or_recovery_code');

/** A staff member changes their own password: the one now, the new one, and an authenticator code. */
export const staffPasswordChangeBodySchema = z.object({
  old_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  new_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: z.string().regex(/^\d{6}$/, 'six digits'),
});

/** Whether staff holding `held` may act in one of the `wanted` roles: an admin acts in every role. */
export const holdsAnyRole = (held: readonly StaffRole[], wanted: readonly StaffRole[]): boolean =>
  held.includes('admin') || wanted.some((role) => held.includes(role));

/**
 * What an uploaded file is attached to, and the roles (besides admin, who reads everything) that
 * may open it: identity photos are compliance's; deposit proofs are finance's, and compliance's
 * too, who look into where money came from. A file attached to nothing yet (an upload not sent
 * with a submission or a deposit) is no case of the back office's: only an admin opens it.
 */
export const FILE_USES = ['identity', 'deposit_proof'] as const;
export type FileUse = (typeof FILE_USES)[number];
export const FILE_READER_ROLES: Record<FileUse, readonly StaffRole[]> = {
  identity: ['compliance'],
  deposit_proof: ['finance', 'compliance'],
};

/**
 * Whether staff with these roles may open a file with these uses: any one use the roles may read
 * is enough (a photo the user sent both as identity and as a proof is the finance desk's proof too).
 */
export function staffMayReadFile(roles: readonly StaffRole[], uses: readonly FileUse[]): boolean {
  // An admin opens every file, one attached to nothing included.
  if (roles.includes('admin')) return true;
  return uses.some((use) => holdsAnyRole(roles, FILE_READER_ROLES[use]));
}

export const staffEnrolmentResultSchema = z.object({
  staff: staffSchema,
  recovery_codes: z.array(z.string()).describe('Shown once: each opens one login without the authenticator'),
});

export const staffVerifyResultSchema = z.object({
  staff: staffSchema,
  recovery_codes_left: z.number().int(),
});

export const staffSessionSchema = z.object({
  id: z.number().int(),
  created_at: utcTimeText(),
  last_seen_at: utcTimeText('Last seen'),
  ip: z.string(),
  user_agent: z.string(),
  current: z.number().int().describe('1: the session of this request'),
});
export type WireStaffSession = z.infer<typeof staffSessionSchema>;

export const staffCreateBodySchema = z.object({
  username: staffUsernameSchema,
  password: z.string().max(PASSWORD_MAX_LENGTH),
  roles: staffRolesSchema,
});

export const staffUpdateBodySchema = changeOf(
  z.object({
    roles: staffRolesSchema.optional(),
    disabled: optionalWholeNumber('disabled', 0, 1).describe('1 disables the account and ends its sessions'),
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH)
      .optional()
      .describe('A new password; ends the sessions of that staff member'),
    reset_second_factor: optionalWholeNumber('reset_second_factor', 1, 1).describe(
      '1 forgets the authenticator (a lost phone): enrolment again at the next login',
    ),
  }),
);

export const staffIdParamsSchema = z.object({ id: wholeNumber('id', 1) });

export const auditQuerySchema = z.object({
  target_type: text(32).min(1).optional(),
  target_id: optionalWholeNumber('target_id', 1),
  staff_id: optionalWholeNumber('staff_id', 1),
  ...timeRangeFields,
  ...pageFields,
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_username: z.string(),
  action: z.string().describe('What was done, e.g. identity.approve'),
  target_type: z.string(),
  target_id: z.number().int(),
  before: z.unknown().describe('The record before the action (JSON), null when it did not exist'),
  after: z.unknown().describe('The record after the action (JSON)'),
  at: utcTimeText('When it was done'),
  at_ms: z.number().int().describe('When it was done, Unix milliseconds'),
  ip: z.string().describe('The address the action came from'),
});
export type WireAuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of a back-office list, newest first. */
export const backOfficePageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int() });
