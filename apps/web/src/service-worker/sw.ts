/**
 * The phone app's service worker (registered by src/app/service-worker.ts, built to /sw.js by
 * service-worker-build.ts with the list of files it precaches).
 *
 * - Offline: the app shell (index.html) and every built file are cached when a release installs,
 *   so the app installed on a home screen opens with no network. Built files are served from the
 *   cache (their names carry a content hash); the page itself is fetched from the network first and
 *   taken from the cache only when the network fails, so an online phone always gets the newest
 *   release. Nothing else is touched: API calls, the socket, the back office and uploads always go
 *   to the network and are never answered stale. The one exception is the app's own: it keeps the
 *   last quote list it saw in Cache Storage (features/quotes/last-prices.ts).
 * - Releases: each release's files live in a cache named after it. A new worker installs beside the
 *   old one and waits; the page tells it to take over at a safe moment (src/app/service-worker.ts),
 *   and only then are older caches deleted, so a page of the old release never loses its files
 *   halfway.
 * - Push: a `push` shows the notification its payload describes (WebPushChannel on the server);
 *   tapping it focuses the app (or opens it) at the payload's url, and tells the app which
 *   notification of the centre was opened (NOTIFICATION_OPENED), so the app marks it read.
 */
// A module, so `self` may be declared as the worker's global scope it is.
export {};
declare const self: ServiceWorkerGlobalScope;

/** Filled in by the build: the release and the files (relative to this worker) it caches. */
const RELEASE = '__RELEASE__';
const PRECACHE: string[] = JSON.parse('__PRECACHE__') as string[];

const SHELL_CACHE_PREFIX = 'omp-shell-';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${RELEASE}`;
/** How long a page request waits for the network before the cached page is shown instead. */
const PAGE_NETWORK_TIMEOUT_MS = 4000;
const ICON = 'icons/icon-192.png';

const scopeUrl = new URL(self.registration.scope);
const absolute = (path: string) => new URL(path, scopeUrl).href;
const precached = new Set(PRECACHE.map(absolute));
const PAGE_URLS = new Set([scopeUrl.href, absolute('index.html')]);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // Past the browser's HTTP cache: what is cached here must be this release's files.
      .then((cache) =>
        cache.addAll(PRECACHE.map((path) => new Request(absolute(path), { cache: 'reload' }))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      // The first install takes the open page at once, so it works offline without a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // The page's word that it is safe to switch to the new release (src/app/service-worker.ts).
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  if (url.origin !== scopeUrl.origin) return;
  const page = request.mode === 'navigate' && PAGE_URLS.has(`${url.origin}${url.pathname}`);
  if (page) return event.respondWith(pageResponse(request));
  url.search = '';
  if (precached.has(url.href)) event.respondWith(builtFile(request, url.href));
  // Anything else (the API above all) is left to the network.
});

/** The page from the network; the cached one when the network fails or takes too long. */
async function pageResponse(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const network = fetch(request);
  // A failure is handled below; it must not count as unhandled while the cache is read.
  network.catch(() => undefined);
  const cached = await cache.match(scopeUrl.href);
  if (!cached) return network;
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, PAGE_NETWORK_TIMEOUT_MS));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer && answer.ok) return answer;
    return answer ?? cached;
  } catch {
    return cached;
  }
}

async function builtFile(request: Request, key: string): Promise<Response> {
  const cached = await caches.match(key, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  kind?: string;
  /** The notification in the centre. */
  id?: number;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { body: event.data?.text() ?? '' };
  }
  const options: NotificationOptions & { renotify?: boolean } = {
    body: payload.body ?? '',
    icon: absolute(ICON),
    badge: absolute(ICON),
    data: { url: appUrl(payload.url), kind: payload.kind ?? '', id: payload.id ?? null },
  };
  // A newer notification of the same tag replaces the older one, and still alerts.
  if (payload.tag) Object.assign(options, { tag: payload.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(payload.title || 'Markets', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string; id?: number | null } | null;
  const target = appUrl(data?.url);
  event.waitUntil(
    openApp(target).then((client) => {
      // Seen on the phone's screen is seen: the app marks it read in the centre (the worker has no
      // session to do it with). A window just opened gets it once its page listens.
      if (client && typeof data?.id === 'number')
        client.postMessage({ type: 'NOTIFICATION_OPENED', id: data.id });
    }),
  );
});

/** A url of this app (relative, or on its origin); anything else opens the app's start. */
function appUrl(url: string | undefined): string {
  try {
    const resolved = new URL(url ?? '', scopeUrl);
    return resolved.origin === scopeUrl.origin ? resolved.href : scopeUrl.href;
  } catch {
    return scopeUrl.href;
  }
}

/** Brings a window of the app forward at `target`, or opens one; that window, when known. */
async function openApp(target: string): Promise<Client | null> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scopeUrl.href)) ?? windows[0];
  if (open) {
    // Focusing needs the tap's permission, which a browser may not pass on: go there regardless.
    const focused = await open.focus().catch(() => open);
    // A hash route changes in place: the app follows without reloading.
    return (await focused.navigate(target).catch(() => null)) ?? focused;
  }
  return self.clients.openWindow(target);
}
