import { useState } from 'react';

/** Where a list read by its last id stands: the cursor of the page in view, and how to move. */
export type KeysetPages = { before?: number; hasNewer: boolean; older: (before: number) => void; newer: () => void };

/**
 * The `before` cursors of the pages read so far, newest page first: Older pushes the last id of the
 * page in view, Newer goes back one. Another `scope` (new filters) starts again at the newest page.
 */
export function useKeysetPages(scope = ''): KeysetPages {
  const [read, setRead] = useState<{ scope: string; cursors: number[] }>({ scope, cursors: [] });
  const cursors = read.scope === scope ? read.cursors : [];
  return {
    before: cursors.at(-1),
    hasNewer: cursors.length > 0,
    older: (before) => setRead({ scope, cursors: [...cursors, before] }),
    newer: () => setRead({ scope, cursors: cursors.slice(0, -1) }),
  };
}
