// Long loops over a file's rows, cut into slices so that other requests are served in between.
/**
 * Lets other requests go first: on the embedded database they wait for its one connection, and
 * for the event loop everywhere. Called between an import's phases and slices of its rows.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const SLICE_ROWS = 500;

/** Maps rows in slices with `yieldToOthers` between them, so a large file never holds the process for long. */
export async function mapInSlices<T, U>(items: readonly T[], map: (item: T, index: number) => U): Promise<U[]> {
  const result: U[] = [];
  for (let start = 0; start < items.length; start += SLICE_ROWS) {
    if (start > 0) await yieldToOthers();
    const end = Math.min(items.length, start + SLICE_ROWS);
    for (let i = start; i < end; i++) result.push(map(items[i]!, i));
  }
  return result;
}
