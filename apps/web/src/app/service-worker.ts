/**
 * Registers the service worker (src/service-worker/sw.ts: the app offline, push notifications) in
 * a production build, once the page has loaded so it never competes with the first screen.
 *
 * A new release's worker installs in the background and waits. It takes over when the app goes
 * to the background (nothing is under the user's finger then), and the page reloads when the user
 * comes back, so page and cached files are of one release. The first worker takes the page at
 * once (there is no older one) and nothing reloads.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const start = async () => {
    const hadWorker = container.controller !== null;
    const registration = await container.register('./sw.js', { scope: './' });
    let reloadWhenBack = false;
    container.addEventListener('controllerchange', () => {
      if (!hadWorker) return;
      if (document.visibilityState === 'visible') window.location.reload();
      else reloadWhenBack = true;
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
      else if (reloadWhenBack) window.location.reload();
    });
    // A phone that keeps the app open for days still finds new releases.
    setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
  };
  const go = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
