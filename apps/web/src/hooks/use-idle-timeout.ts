import { useEffect, useEffectEvent } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click', 'focus'] as const;
/** Resetting the timer on every mouse move would be wasteful; once a second is precise enough. */
const RESET_THROTTLE_MS = 1_000;

/** Calls `onIdle` once no mouse, key, scroll, touch, click or focus event has happened for `timeoutMs`. */
export function useIdleTimeout(timeoutMs: number, onIdle: () => void, enabled = true) {
  const fireIdle = useEffectEvent(onIdle);

  useEffect(() => {
    if (!enabled) return;
    let timer = setTimeout(() => fireIdle(), timeoutMs);
    let lastReset = Date.now();
    const reset = () => {
      const now = Date.now();
      if (now - lastReset < RESET_THROTTLE_MS) return;
      lastReset = now;
      clearTimeout(timer);
      timer = setTimeout(() => fireIdle(), timeoutMs);
    };
    const options = { capture: true, passive: true } as const;
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, reset, options));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, reset, options));
    };
  }, [timeoutMs, enabled]);
}
