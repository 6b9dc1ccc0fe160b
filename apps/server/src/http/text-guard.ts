/**
 * Rules for every request, whatever its route (`requestPartFault` in the protocol's field rules):
 * no text with a control character or a lone surrogate, and no object or list nested deeper than a
 * form ever is. Bytes that are not UTF-8 reach this rule as lone surrogates too (utf8-text.ts), so
 * they are refused the same way, naming the field.
 * Checked before the route's own schema, on the path parameters, the query and the body, so no
 * such text reaches a service or the database (PostgreSQL refuses NUL in text outright), and no
 * walk over a request (this one, a schema's, a log's) meets a body thousands of levels deep.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_REQUEST_NESTING, requestPartFault } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';

async function textGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = requestPartFault(part);
      if (found === undefined) continue;
      const field = found.field || 'body';
      if (found.fault === 'control_character') throw invalid('field_control_character', { field });
      if (found.fault === 'broken_character') throw invalid('field_broken_character', { field });
      throw invalid('field_nested_too_deep', { field, levels: MAX_REQUEST_NESTING });
    }
  });
}

export default fp(textGuard, { name: 'text-guard' });
