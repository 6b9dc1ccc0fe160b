/** What the back office's content and company calls share: who may call them, and their shapes. */
import { z } from 'zod';
import { envelopeOf, wholeNumber } from '@omp/protocol';
import { SESSION_SECURITY } from '../http/session-guard.ts';

// Content is published to every user, so only admins change it (docs/decisions/0008-content.md).
export const ADMIN = ['admin'] as const;
export const security = SESSION_SECURITY;
export const tags = ['staff: content'];
export const idParams = z.object({ id: wholeNumber('id', 1) });
export const savedSchema = envelopeOf(z.object({ id: z.number().int() }));
