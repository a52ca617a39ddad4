/**
 * The camera sees the same badge in frame after frame: the same code within `windowMs` of the last
 * time it was seen is one scan. Each sighting renews the window, so a badge held in front of the
 * camera is not scanned again every few seconds.
 */
export function createScanDebounce(windowMs = 3000) {
  const seen = new Map<string, number>();
  return {
    accept(code: string, now: number): boolean {
      const last = seen.get(code);
      seen.set(code, now);
      for (const [other, at] of seen) if (now - at > windowMs) seen.delete(other);
      return last === undefined || now - last > windowMs;
    },
  };
}
