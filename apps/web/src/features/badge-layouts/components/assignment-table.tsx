import { BADGE_TYPE_LABELS, BADGE_TYPES, type BadgeCategorySummary, type BadgeType } from '@portal/shared/badge-categories';
import type { BadgeLayout, BadgeLayoutAssignment } from '@portal/shared/badge-layouts';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useReplaceLayoutAssignments } from '../api/replace-layout-assignments';

/** Which layout each badge type and category uses: layout id by `type/categoryId` (empty for the type itself). */
type Choices = Record<string, string>;

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

type AssignmentTableProps = {
  eventId: number;
  layouts: readonly BadgeLayout[];
  assignments: readonly BadgeLayoutAssignment[];
  categories: readonly BadgeCategorySummary[];
};

/**
 * The layout of each badge type, and of a category where it differs from its type's: the most
 * specific one wins. Saved all at once.
 */
export function AssignmentTable({ eventId, layouts, assignments, categories }: AssignmentTableProps) {
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
        className="min-w-44"
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
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Badges</TableHead>
            <TableHead>Layout</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {BADGE_TYPES.map((badgeType) => {
            const typeLabel = `${BADGE_TYPE_LABELS[badgeType]} badges`;
            return [
              <TableRow key={badgeType} className="bg-muted/40">
                <TableCell className="font-medium">All {typeLabel.toLowerCase()}</TableCell>
                <TableCell>{select(badgeType, null, `all ${typeLabel.toLowerCase()}`)}</TableCell>
              </TableRow>,
              ...categories
                .filter((category) => category.badgeType === badgeType)
                .map((category) => {
                  const name = category.displayName ?? category.name;
                  return (
                    <TableRow key={`${badgeType}/${category.id}`}>
                      <TableCell className="pl-8">{name}</TableCell>
                      <TableCell>{select(badgeType, category, name)}</TableCell>
                    </TableRow>
                  );
                }),
            ];
          })}
        </TableBody>
      </Table>
      <div className="flex justify-end">
        <Button onClick={save} disabled={!dirty || replace.isPending}>
          {replace.isPending && <Spinner size="sm" tone="current" label="Saving" />}
          Save assignments
        </Button>
      </div>
    </div>
  );
}
