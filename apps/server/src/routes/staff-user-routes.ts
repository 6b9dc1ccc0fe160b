/**
 * The back office's hold on a trader's access (compliance or admin): disable or enable an account,
 * and end every session of one. Each is one transaction with its audit row (the account before and
 * after, and the reason staff gave); once committed, the ended sessions are announced, so the
 * user's HTTP calls answer 999 and their sockets are told and keep public topics only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import {
  envelopeOf,
  SessionEndReason,
  staffIdParamsSchema,
  userAccessSchema,
  userDisableBodySchema,
  userLogoutBodySchema,
  type UserAccess,
} from '@omp/protocol';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { writeAudit } from '../repositories/audit-repository.ts';
import type { AuthService } from '../services/auth-service.ts';
import { auditedChanges } from './audited-change.ts';

export interface StaffUserRouteDeps {
  auth: AuthService;
  database: DatabaseHandle;
  writeAudit: typeof writeAudit;
  now: () => number;
}

// Cutting a trader off is a compliance decision, like the identity review (0005-staff-uploads-identity.md).
const COMPLIANCE = ['compliance'] as const;
const security = [{ token: [] }];
const tags = ['staff: users'];
const staffToken = 'The staff token from /admin/api/login in the authorization header (compliance or admin).';

export async function staffUserRoutes(app: FastifyInstance, deps: StaffUserRouteDeps) {
  const { auth } = deps;
  const db = deps.database.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auditedChange = auditedChanges(db, deps.writeAudit, deps.now);
  const readAccess = (trx: Kysely<Database> | Transaction<Database>, id: number) =>
    accessOf(trx, id, deps.now());

  api.post(
    '/admin/api/users/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disable a user (every session ends at once, logins are refused) or enable them again',
        description: `${staffToken} The reason is kept in the audit log, not shown to the user.`,
        security,
        params: staffIdParamsSchema,
        body: userDisableBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, COMPLIANCE);
      const { id } = request.params;
      const { disabled, reason } = request.body;
      await auditedChange({
        staffId: staff.id,
        action: disabled ? 'user.disable' : 'user.enable',
        id,
        missingKey: 'user.not_found',
        reason,
        read: readAccess,
        write: async (trx) => {
          await trx
            .updateTable('users')
            .set({ disabled: disabled ? 1 : 0 })
            .where('id', '=', id)
            .execute();
          if (disabled) await revokeAllSessions(trx, id, deps.now());
        },
      });
      if (disabled) auth.sessionsEnded({ userId: id, reason: SessionEndReason.userDisabled });
      else auth.forgetUser(id);
      return ok(request, (await readAccess(db, id))!, disabled ? 'user.disabled' : 'user.enabled');
    },
  );

  api.post(
    '/admin/api/users/:id/logout',
    {
      schema: {
        tags,
        summary: 'End every session of a user now (they can log in again)',
        description: `${staffToken} The reason is kept in the audit log, not shown to the user.`,
        security,
        params: staffIdParamsSchema,
        body: userLogoutBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, COMPLIANCE);
      const { id } = request.params;
      await auditedChange({
        staffId: staff.id,
        action: 'user.logout',
        id,
        missingKey: 'user.not_found',
        reason: request.body.reason,
        read: readAccess,
        write: (trx) => revokeAllSessions(trx, id, deps.now()),
      });
      auth.sessionsEnded({ userId: id, reason: SessionEndReason.forcedLogout });
      return ok(request, (await readAccess(db, id))!, 'user.logged_out');
    },
  );
}

/** The account as the audit log and the answer show it: no contact details, only its access. */
async function accessOf(
  db: Kysely<Database> | Transaction<Database>,
  id: number,
  nowMs: number,
): Promise<UserAccess | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'uid', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) return undefined;
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .executeTakeFirstOrThrow();
  return {
    id: toInt(user.id),
    uid: toInt(user.uid),
    disabled: toInt(user.disabled),
    live_sessions: toInt(sessions.n as number | bigint | string),
  };
}

async function revokeAllSessions(trx: Transaction<Database>, userId: number, nowMs: number): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: nowMs })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
