/**
 * Runs `callback` once the browser is idle, at the latest after `timeoutMs`; right after the
 * current task where idle callbacks are not supported. Answers a function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(callback, 1);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}
