/**
 * Runs `work` every `intervalMs`, the first time one interval after start (a test or a tool that
 * starts the app briefly never runs it), one round at a time: a slow round delays the next rather
 * than overlapping it. A failing round goes to `onError` and the next tick tries again. Returns a
 * stop function that waits for a running round.
 */
export function runEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(work).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
