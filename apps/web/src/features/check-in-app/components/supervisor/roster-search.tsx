import type { RosterEntry } from '@portal/shared/check-in';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Station } from '../../lib/station';

const SHOWN = 20;

/** Finds badges on the device's copy of the list by name or company: works offline. */
export function searchRoster(entries: readonly RosterEntry[], query: string, limit = SHOWN): RosterEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: RosterEntry[] = [];
  for (const entry of entries) {
    const text = `${entry.firstName} ${entry.lastName} ${entry.company ?? ''} ${entry.code}`.toLowerCase();
    if (words.every((word) => text.includes(word))) {
      found.push(entry);
      if (found.length === limit) break;
    }
  }
  return found;
}

export function RosterSearch({ station }: { station: Station; rosterSize: number }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  // Searched on every render, so that a roster refresh (`rosterSize` changes) shows at once.
  const results = searchRoster(station.rosterEntries(), deferred);
  return (
    <div className="grid gap-3">
      <label htmlFor="roster-search" className="text-sm font-medium">
        Find a badge by name, company or code
      </label>
      <Input
        id="roster-search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      {deferred && results.length === 0 && (
        <p className="text-sm text-muted-foreground">No badge on this list matches.</p>
      )}
      {results.length > 0 && (
        <ul className="divide-y rounded-md border">
          {results.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {entry.firstName} {entry.lastName}
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  {[
                    entry.company,
                    station.categoryName(entry.categoryId),
                    entry.status === 'cancelled' ? 'cancelled' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <Button size="sm" onClick={() => void station.scan(entry.code, 'search')}>
                Check in
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
