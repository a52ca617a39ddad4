import { BADGE_TYPE_LABELS, BADGE_TYPES, type BadgeCategorySummary, type BadgeType } from '@portal/shared/badge-categories';
import type { BadgeLayout, BadgeLayoutAssignment } from '@portal/shared/badge-layouts';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useReplaceLayoutAssignments } from '../api/replace-layout-assignments';

/** Which layout each badge type and category uses: layout id by `type/categoryId` (empty for the type itself). */
type Choices = Record<string, string>;

const ROW_CLASSES = 'grid gap-1.5 px-4 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] sm:items-center';

const keyOf = (badgeType: BadgeType, badgeCategoryId: number | null) => `${badgeType}/${badgeCategoryId ?? ''}`;

function choicesOf(assignments: readonly BadgeLayoutAssignment[]): Choices {
  return Object.fromEntries(assignments.map((a) => [keyOf(a.badgeType, a.badgeCategoryId), String(a.layoutId)]));
}

function assignmentsOf(choices: Choices): BadgeLayoutAssignment[] {
  return Object.entries(choices)
    .filter(([, layoutId]) => layoutId !== '')
    .map(([key, layoutId]) => {
      const [badgeType, categoryId] = key.split('/') as [BadgeType, string];
      return { badgeType, badgeCategoryId: categoryId === '' ? null : Number(categoryId), layoutId: Number(layoutId) };
    });
}

type LayoutAssignmentsProps = {
  eventId: number;
  layouts: readonly BadgeLayout[];
  assignments: readonly BadgeLayoutAssignment[];
  categories: readonly BadgeCategorySummary[];
};

/**
 * The layout of each badge type, and of a category where it differs from its type's: the most
 * specific one wins. Saved all at once.
 */
export function LayoutAssignments({ eventId, layouts, assignments, categories }: LayoutAssignmentsProps) {
  const [choices, setChoices] = useState<Choices>(() => choicesOf(assignments));
  const [error, setError] = useState<string>();
  const replace = useReplaceLayoutAssignments(eventId);
  const dirty = JSON.stringify(assignmentsOf(choices)) !== JSON.stringify(assignmentsOf(choicesOf(assignments)));
  const nameOf = (layoutId: string | undefined) => layouts.find((layout) => String(layout.id) === layoutId)?.name;

  function save() {
    setError(undefined);
    replace.mutate(
      { eventId, assignments: assignmentsOf(choices) },
      {
        onSuccess: () => toast.success('Assignments saved'),
        onError: (failure) => setError(errorMessage(failure, 'The assignments could not be saved. Please try again.')),
      },
    );
  }

  // A badge type with no layout of its own prints with the built-in A6 layout.
  const fallback = layouts.find((layout) => layout.builtIn === 'a6')?.name ?? 'A6 badge';

  const select = (badgeType: BadgeType, category: BadgeCategorySummary | null, label: string) => {
    const key = keyOf(badgeType, category?.id ?? null);
    const inherited = nameOf(choices[keyOf(badgeType, null)]) ?? fallback;
    return (
      <NativeSelect
        aria-label={`Layout for ${label}`}
        value={choices[key] ?? ''}
        onChange={(event) => setChoices({ ...choices, [key]: event.target.value })}
      >
        <option value="">
          {category ? `As ${BADGE_TYPE_LABELS[badgeType]} badges (${inherited})` : `Not assigned (${fallback})`}
        </option>
        {layouts.map((layout) => (
          <option key={layout.id} value={layout.id}>
            {layout.name}
          </option>
        ))}
      </NativeSelect>
    );
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        The most specific assignment wins: a category’s own layout comes before its badge type’s, and a badge type
        without one prints with “{fallback}”.
      </p>
      <FormAlert message={error} />
      {/* Rows rather than a table: on a phone each label sits above its choice, which keeps the layouts' names readable. */}
      <ul aria-label="Assignments" className="divide-y rounded-lg border">
        {BADGE_TYPES.map((badgeType) => {
          const typeLabel = `${BADGE_TYPE_LABELS[badgeType]} badges`;
          return [
            <li key={badgeType} className={ROW_CLASSES}>
              <span>
                <span className="font-medium">{typeLabel}</span>
                <span className="text-muted-foreground"> · every category</span>
              </span>
              {select(badgeType, null, typeLabel)}
            </li>,
            ...categories
              .filter((category) => category.badgeType === badgeType)
              .map((category) => {
                const name = category.displayName ?? category.name;
                return (
                  <li key={`${badgeType}/${category.id}`} className={`${ROW_CLASSES} pl-6 sm:pl-8`}>
                    <span>{name}</span>
                    {select(badgeType, category, name)}
                  </li>
                );
              }),
          ];
        })}
      </ul>
      <div className="flex justify-end">
        <Button onClick={save} disabled={!dirty || replace.isPending}>
          {replace.isPending && <Spinner size="sm" tone="current" label="Saving" />}
          Save assignments
        </Button>
      </div>
    </div>
  );
}
