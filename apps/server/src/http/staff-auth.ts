/**
 * Guards the back-office API. The staff token travels in the `authorization` header like a user's,
 * but it is looked up only among staff sessions: a user's token is unknown here (code 999), and a
 * staff token is unknown to the user API. A staff call names the roles it needs in its route options
 * (`config: { staffRoles }`), once: the session guard checks them before the request's fields are
 * (session-guard.ts), and `requireStaff` in the handler reads the same list. `admin` passes every
 * role check.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAnyRole, ResponseCode, type StaffRole } from '@omp/protocol';
import type { StaffAccount, StaffSession } from '../repositories/staff-repository.ts';
import type { StaffService } from '../services/staff-service.ts';
import { DomainError } from '../domain/errors.ts';
import { tokenOf } from './auth-plugin.ts';

export type { StaffRole } from '@omp/protocol';

export interface StaffRecord {
  id: number;
  username: string;
  roles: StaffRole[];
}

declare module 'fastify' {
  interface FastifyInstance {
    staffService: StaffService;
  }
  interface FastifyContextConfig {
    /**
     * A back-office call's roles: a staff member with any one of them (or admin) may make it; an
     * empty list lets any working staff member through.
     */
    staffRoles?: readonly StaffRole[];
  }
  interface FastifyRequest {
    /** Resolved once per request by `staffSession()`. */
    staffLookup: Promise<StaffSession | undefined> | undefined;
  }
}

/** The request's working staff session (second factor passed, not idle), if any. */
export function staffSession(request: FastifyRequest): Promise<StaffSession | undefined> {
  request.staffLookup ??= request.server.staffService.workingSession(tokenOf(request));
  return request.staffLookup;
}

export async function sessionStaff(request: FastifyRequest): Promise<StaffAccount | undefined> {
  return (await staffSession(request))?.staff;
}

/** The session a password login opened, for the second-factor calls only. */
export async function requirePendingStaffSession(request: FastifyRequest): Promise<StaffSession> {
  const session = await request.server.staffService.openedSession(tokenOf(request));
  if (!session) throw new DomainError(ResponseCode.sessionInvalid, 'session_invalid');
  return session;
}

export function hasRole(staff: Pick<StaffRecord, 'roles'>, roles: readonly StaffRole[]): boolean {
  return holdsAnyRole(staff.roles, roles);
}

/**
 * The staff member of the request when their roles allow the call: any one of the route's
 * `staffRoles` (or admin); an empty list lets any working staff member through.
 */
export async function requireStaff(request: FastifyRequest): Promise<StaffRecord> {
  const roles = request.routeOptions.config.staffRoles;
  // A route that reads a staff member without saying who may call it is a mistake of the code.
  if (!roles) throw new Error(`${request.routeOptions.url} declares no staffRoles`);
  const staff = await sessionStaff(request);
  if (!staff) throw new DomainError(ResponseCode.sessionInvalid, 'session_invalid');
  if (roles.length > 0 && !hasRole(staff, roles))
    throw new DomainError(ResponseCode.forbidden, 'staff.forbidden', {
      roles: [...new Set([...roles, 'admin'])].join(', '),
    });
  return { id: staff.id, username: staff.username, roles: staff.roles };
}

async function staffAuthPlugin(app: FastifyInstance, options: { staff: StaffService }) {
  app.decorate('staffService', options.staff);
  app.decorateRequest('staffLookup', undefined);
}

export default fp(staffAuthPlugin, { name: 'staff-auth', dependencies: ['envelope'] });
