/**
 * Makes the door app installable, from its own pages only: the manifest link is added here rather
 * than in index.html, so that admin pages offer no "install", and the service worker's scope is
 * /check-in, so that it never sees an admin page or request.
 */
export function installDoorApp() {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/check-in.webmanifest';
    document.head.append(link);
  }
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker
    .register('/check-in-sw.js', { scope: '/check-in' })
    .then(() => navigator.serviceWorker.ready)
    .then(() => cacheLoadedAssets())
    .catch(() => undefined);
}

/**
 * Hands the service worker the scripts and styles this page has loaded (its chunks, the scanner's
 * WebAssembly), so that the app opens offline though they were fetched before the worker ran.
 */
export function cacheLoadedAssets() {
  const worker = navigator.serviceWorker?.controller ?? null;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  void navigator.serviceWorker?.ready.then((registration) =>
    (worker ?? registration.active)?.postMessage({ type: 'cache-assets', urls }),
  );
}
