import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SearchInput } from '@/components/list/search-input';
import { useBadgeSearch } from '../api/search-badges';

/** Whose badge the preview draws. */
export type PreviewSource = { kind: 'sample' } | { kind: 'longest' } | { kind: 'badge'; id: number; name: string };

/** The preview body's part that says whose badge it draws. */
export function previewTarget(source: PreviewSource): { badgeId?: number; sample?: 'longest' } {
  if (source.kind === 'badge') return { badgeId: source.id };
  if (source.kind === 'longest') return { sample: 'longest' };
  return {};
}

type PreviewSourcePickerProps = { eventId: number; source: PreviewSource; onChange: (source: PreviewSource) => void };

/** Preview with a sample holder, the event's longest name (the hardest fit), or a badge found by name. */
export function PreviewSourcePicker({ eventId, source, onChange }: PreviewSourcePickerProps) {
  const [searching, setSearching] = useState(source.kind === 'badge');
  const [search, setSearch] = useState('');
  // The search box reports what was typed once typing pauses.
  const settled = search.trim();
  const badges = useBadgeSearch(eventId, searching ? settled : '');

  const choice = searching ? 'badge' : source.kind;
  const pick = (value: string) => {
    setSearching(value === 'badge');
    if (value === 'sample') onChange({ kind: 'sample' });
    if (value === 'longest') onChange({ kind: 'longest' });
  };

  return (
    <div className="grid gap-3">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1.5 text-sm font-medium">Preview with</legend>
        {(
          [
            ['sample', 'A sample'],
            ['longest', 'The longest name of the event'],
            ['badge', 'A real badge'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="preview-source"
              value={value}
              checked={choice === value}
              onChange={() => pick(value)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {searching && (
        <div className="grid gap-2">
          <SearchInput value={search} onSearch={setSearch} placeholder="Search badges by name" label="Search badges by name" />
          {source.kind === 'badge' && (
            <p className="text-sm">
              Showing <span className="font-medium">{source.name}</span>
            </p>
          )}
          {settled !== '' &&
            (badges.isPending ? (
              <Spinner size="sm" label="Searching" />
            ) : badges.isError ? (
              <p className="text-sm text-destructive">The badges could not be searched.</p>
            ) : badges.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No badge matches “{settled}”.</p>
            ) : (
              <ul aria-label="Badges found" className="flex flex-wrap gap-2">
                {badges.data.map((badge) => (
                  <li key={badge.id}>
                    <Button
                      variant={source.kind === 'badge' && source.id === badge.id ? 'default' : 'outline'}
                      size="sm"
                      onClick={() => onChange({ kind: 'badge', id: badge.id, name: badge.name })}
                    >
                      {badge.name}
                      {/* Its own text colour, faded: readable on the chosen (filled) button too. */}
                      {badge.companyName && <span className="opacity-70">· {badge.companyName}</span>}
                    </Button>
                  </li>
                ))}
              </ul>
            ))}
        </div>
      )}
    </div>
  );
}
