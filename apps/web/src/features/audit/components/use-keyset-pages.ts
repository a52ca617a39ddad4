import { useState } from 'react';

/**
 * The `before` cursors of the pages read so far, newest page first: Older pushes the last id of the
 * page in view, Newer goes back one. Starting again (new filters) forgets them.
 */
export function useKeysetPages() {
  const [cursors, setCursors] = useState<number[]>([]);
  return {
    before: cursors.at(-1),
    hasNewer: cursors.length > 0,
    older: (before: number) => setCursors((current) => [...current, before]),
    newer: () => setCursors((current) => current.slice(0, -1)),
    reset: () => setCursors([]),
  };
}
