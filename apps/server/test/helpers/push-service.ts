/**
 * A push service of the test's own on loopback, and browsers' subscriptions made the way a browser
 * makes them (an ECDH P-256 key pair and a 16-byte authentication secret), so a test can receive
 * what the server sends, check its VAPID signature and decrypt its aes128gcm body.
 *
 *   const service = await startPushService();
 *   const browser = newBrowserSubscription(service.endpoint('phone-1'));
 *   // … the server sends …
 *   const [push] = service.received;
 *   browser.decrypt(push.body); // the JSON the service worker would get
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  endpoint(id: string): string;
  received: ReceivedPush[];
  /** The HTTP status answered to pushes for this endpoint id from now on (201 by default). */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path.split('/').pop() ?? '') ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: (id) => `http://127.0.0.1:${port}/push/${id}`,
    received,
    answer: (id, status) => statuses.set(id, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserSubscription {
  /** As PushSubscription.toJSON() gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The plain text of an aes128gcm body sent to this subscription. */
  decrypt(body: Buffer): string;
}

export function newBrowserSubscription(endpoint: string): BrowserSubscription {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt: (body) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
  };
}

/**
 * The claims of a push's VAPID Authorization header (`vapid t=<JWT>, k=<public key>`), after
 * checking that `k` is `publicKey` and that the JWT's ES256 signature verifies with it.
 */
export function verifiedVapidClaims(
  authorization: string | undefined,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the header names another public key');
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify with the public key');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}
