/**
 * Hosts the built back office at /admin/ (hash routes, so one index.html serves every screen)
 * under a policy stricter than the phone app's: scripts, images and calls from this origin only,
 * no frames in or out. Styles may be inline because the component library injects them at run time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { STATIC_PRECOMPRESSED } from './compression.ts';

export const ADMIN_CONTENT_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Identity photos and deposit proofs are signed links on this origin; QR codes are data URLs.
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function adminHosting(app: FastifyInstance, adminDist: string) {
  app.get('/admin', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/admin/', 301));
  if (!existsSync(path.join(adminDist, 'index.html'))) {
    app.get('/admin/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', ADMIN_CONTENT_POLICY)
        .send(
          '<!doctype html><meta charset="utf-8"><title>Build needed</title>' +
            '<p>The back office is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>',
        ),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    decorateReply: false,
    ...STATIC_PRECOMPRESSED,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('Content-Security-Policy', ADMIN_CONTENT_POLICY);
      reply.header('X-Frame-Options', 'DENY');
    },
  });
}
