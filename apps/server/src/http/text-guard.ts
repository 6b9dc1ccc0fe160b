/**
 * One rule for every text a request carries, whatever its route: no control characters (see
 * `controlCharacterField` in the protocol's field rules). Checked before the route's own schema, on
 * the path parameters, the query and the body, so no such text reaches a service or the database
 * (PostgreSQL refuses NUL in text outright).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharacterField } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';

async function textGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = controlCharacterField(part);
      if (field !== undefined) throw invalid('field_control_character', { field: field || 'body' });
    }
  });
}

export default fp(textGuard, { name: 'text-guard' });
