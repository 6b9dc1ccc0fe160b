/**
 * The VAPID key pair that signs every Web Push request (RFC 8292): the browser subscribes with the
 * public key, and a push service delivers only requests signed by its private half. Keys travel as
 * base64url text, the form browsers and the `web-push` library use: the public key an uncompressed
 * P-256 point (65 bytes), the private key its 32-byte scalar.
 */
import { createECDH } from 'node:crypto';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The public key belonging to a private one, or undefined when the text is no P-256 private key. */
export function vapidPublicKeyOf(privateKey: string): string | undefined {
  const scalar = Buffer.from(privateKey, 'base64url');
  if (scalar.length !== 32 || scalar.toString('base64url') !== privateKey) return undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return undefined;
  }
}

/** The pair of a private key kept alone (the public half is derived, so the two never disagree). */
export function vapidKeysOf(privateKey: string): VapidKeys {
  const publicKey = vapidPublicKeyOf(privateKey);
  if (!publicKey) throw new Error('The stored VAPID private key is not a P-256 private key');
  return { publicKey, privateKey };
}
