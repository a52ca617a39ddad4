const registered = new Set<string>();

/**
 * Lets a scanning page (`scope`: `/check-in`, `/leads/scan`) open with no network once it has been
 * open with one: the portal's service worker, registered with the page as its scope, so that it
 * never sees another page or any request of one. Not in development, where Vite serves unhashed
 * files that a cache would keep stale.
 */
export function keepPageUsableOffline(scope: string) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || registered.has(scope)) return;
  registered.add(scope);
  void navigator.serviceWorker
    .register('/scanner-sw.js', { scope })
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
 * come lazily, some before the worker ran, some only when a screen first shows), so that the page
 * opens offline with all of them.
 */
function cacheAssetsAsLoaded(registration: ServiceWorkerRegistration) {
  const send = (urls: string[]) => {
    if (urls.length > 0) registration.active?.postMessage({ type: 'cache-assets', urls });
  };
  send(assetPaths(performance.getEntriesByType('resource')));
  new PerformanceObserver((list) => send(assetPaths(list.getEntries()))).observe({ type: 'resource' });
}
