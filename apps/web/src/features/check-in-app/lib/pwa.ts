let installed = false;

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
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || installed) return;
  installed = true;
  void navigator.serviceWorker
    .register('/check-in-sw.js', { scope: '/check-in' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => cacheAssetsAsLoaded(registration))
    .catch(() => undefined);
}

function assetPaths(entries: PerformanceEntryList): string[] {
  return entries
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

/**
 * Hands the service worker every script, style and WebAssembly file the page loads (its chunks
 * come lazily, some before the worker ran, some only when a screen first shows), so that the app
 * opens offline with all of them.
 */
function cacheAssetsAsLoaded(registration: ServiceWorkerRegistration) {
  const send = (urls: string[]) => {
    if (urls.length > 0) registration.active?.postMessage({ type: 'cache-assets', urls });
  };
  send(assetPaths(performance.getEntriesByType('resource')));
  new PerformanceObserver((list) => send(assetPaths(list.getEntries()))).observe({ type: 'resource' });
}
