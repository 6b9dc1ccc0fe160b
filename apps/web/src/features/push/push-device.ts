/**
 * This browser's push subscription for the signed-in user: whether the browser can take push
 * notifications at all, what it was told, and subscribing or unsubscribing both with the browser's
 * push service and with our server (docs/CONTRACT.md, "Push notifications").
 */
import type { PushKey, PushState } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { useSession } from '../session/session-store.ts';

/**
 * `unsupported`: no service worker or Push API here (iPhone Safari outside a home-screen app, older
 * browsers, private windows); `denied`: the user or the browser refused notifications for the site.
 */
export type PushStatus = 'unsupported' | 'denied' | 'off' | 'on';

/** Why switching on did not end on: refused by the browser or the user, or failed. */
export class PushSetupError extends Error {
  readonly reason: 'denied' | 'dismissed' | 'failed';
  constructor(reason: 'denied' | 'dismissed' | 'failed', cause?: unknown) {
    super(reason, { cause });
    this.reason = reason;
  }
}

export function pushSupported(): boolean {
  return (
    import.meta.env.PROD &&
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** How long to wait for the service worker before saying push cannot be set up now. */
const WORKER_READY_TIMEOUT_MS = 10_000;

/** The active worker's registration; one that never comes (a failed install) is a failure, not a hang. */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushSetupError('failed')), WORKER_READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await workerRegistration()).pushManager.getSubscription();
}

/** Where this browser stands for the signed-in user. */
export async function pushStatus(): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await currentSubscription();
  if (!subscription) return 'off';
  // The server may have dropped it (the push service said it was gone), or another user of this
  // browser took it over since.
  const state = await api.get<PushState>('/v1/api/push/subscription', {
    params: { endpoint: subscription.endpoint },
    showErrorMessage: false,
  });
  return state.subscribed ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's key and tells the server. */
export async function turnPushOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  await subscribeHere();
}

/**
 * Where push was turned on in this browser (permission granted, a subscription kept), makes sure
 * the server sends the signed-in user's notices to it through this session: after signing in
 * again, or when the push service or another user's sign-in took it away. Quiet: it is the app
 * keeping itself in step, not something the user asked for.
 */
export async function keepPushInStep(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  if (!(await currentSubscription())) return;
  if ((await pushStatus()) !== 'on') await subscribeHere(false);
}

/** Keeps push in step at start and at every sign-in: whoever is signed in on this phone gets its notices. */
export function followSignInsWithPush(): void {
  const keep = () => {
    if (useSession.getState().token) void keepPushInStep().catch(() => undefined);
  };
  keep();
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) keep();
  });
}

/** Subscribes this browser with the server's key (again if it holds another) and tells the server. */
async function subscribeHere(showErrorMessage = true): Promise<void> {
  const { public_key: key } = await api.get<PushKey>('/v1/api/push/key', { showErrorMessage });
  const registration = await workerRegistration();
  let subscription = await registration.pushManager.getSubscription();
  // One made with another key (the server's keys were replaced) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOf(key),
    });
  } catch (error) {
    throw new PushSetupError('failed', error);
  }
  await api.post('/v1/api/push/subscribe', subscription.toJSON() as Record<string, unknown>, {
    showErrorMessage,
  });
}

/** Tells the server first (so nothing more is sent), then drops the browser's subscription. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.post('/v1/api/push/unsubscribe', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(given: ArrayBuffer | null, key: string): boolean {
  if (!given) return false;
  const expected = bytesOf(key);
  const actual = new Uint8Array(given);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}
