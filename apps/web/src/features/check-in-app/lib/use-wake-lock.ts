import { useEffect } from 'react';

/**
 * Keeps the screen on while the scanner shows: a door phone that dims between two visitors makes
 * the next one wait. The browser drops the lock when the page is hidden; it is asked again on return.
 * Where the Screen Wake Lock API is missing, or refused, the screen dims as set on the device.
 */
export function useWakeLock() {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => (live ? (lock = sentinel) : void sentinel.release()),
        () => undefined,
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, []);
}
