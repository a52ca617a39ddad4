import { lazy, type ComponentType } from 'react';

type Loaded<T> = { default: T };

/**
 * A lazily loaded component whose chunk can be fetched before its first render (`preload`). Once
 * the chunk is in, that render takes the component at once: React.lazy reads a thenable that
 * resolves synchronously without suspending, where a resolved promise still suspends for a tick,
 * shows the fallback and holds the page back by React's reveal throttle (about 300 ms).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy takes them
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<Loaded<T>>) {
  let loaded: Loaded<T> | undefined;
  let loading: Promise<Loaded<T>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed fetch (a deploy replaced the chunk, the network dropped) may be tried again.
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy(() =>
    loaded ? ({ then: (resolve: (module: Loaded<T>) => void) => resolve(loaded!) } as Promise<Loaded<T>>) : preload(),
  );
  return Object.assign(Component, { preload });
}
