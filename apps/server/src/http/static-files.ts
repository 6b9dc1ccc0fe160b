/**
 * Files served as they are: company logos, the pictures of the seeded content, and the built web
 * app with its content policy (or a page saying it needs building). Each kind gets the headers
 * that keep a file of it from ever acting as a page of ours.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { SettingsService } from '../services/settings-service.ts';
import { STATIC_PRECOMPRESSED } from './compression.ts';
import { appContentPolicy, originOf } from './content-policy.ts';

const LOGOS_DIR = path.resolve(import.meta.dirname, '../../assets/logos');
/** Pictures of the seeded news and companies (PNG only: scripts/draw-content-images.ts). */
const MEDIA_DIR = path.resolve(import.meta.dirname, '../../assets/media');

export async function staticFiles(app: FastifyInstance, webDist: string, settings: SettingsService) {
  await app.register(fastifyStatic, {
    root: LOGOS_DIR,
    prefix: '/logos/',
    decorateReply: false,
    setHeaders: (reply) => {
      // Logos are SVG: forbid scripts so a tampered file cannot run as a page on our origin.
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=86400');
    },
  });
  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    setHeaders: (reply) => {
      // Pictures only: a file here can never act as a page, whatever it contains.
      reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=86400');
    },
  });
  if (existsSync(path.join(webDist, 'index.html'))) {
    const serviceWorkerPath = path.join(webDist, 'sw.js');
    // The page's policy names the complaint host staff configured, read as each page is served.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/admin/')) return payload;
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        reply.header(
          'Content-Security-Policy',
          appContentPolicy(originOf(await settings.get('complaint_email_host'))),
        );
      return payload;
    });
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: false,
      ...STATIC_PRECOMPRESSED,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The service worker: always checked with the server, so a deploy reaches installed apps
        // at their next start, and allowed the whole app as its scope.
        // Served from its precompressed copy (sw.js.br, sw.js.gz) as often as not.
        if (filePath.replace(/\.(br|gz)$/, '') === serviceWorkerPath) {
          reply.header('Cache-Control', 'no-cache, max-age=0');
          reply.header('Service-Worker-Allowed', '/');
        }
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Build needed</title>' +
            '<p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>',
        ),
    );
  }
}
