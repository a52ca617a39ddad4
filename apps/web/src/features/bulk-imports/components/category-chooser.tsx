import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import { useSearchParams } from 'react-router';
import { CategoryOptions } from '@/components/category-options';
import { FormField } from '@/components/form/form-field';
import { FormAlert } from '@/components/form/form-alert';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useImportCategories } from '../api/get-import-categories';

/**
 * The badge category a file's rows are registered in, kept in the URL (`?badgeCategoryId=`) so that
 * a badge list can link here with its category chosen; the only category, when there is one.
 */
export function useChosenCategory(eventId: number, offered: (category: BadgeCategorySummary) => boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const categories = useImportCategories(eventId);
  const choices = categories.data?.filter(offered) ?? [];
  const asked = Number(searchParams.get('badgeCategoryId')) || null;
  const chosen = choices.find((category) => category.id === asked) ?? (choices.length === 1 ? choices[0] : undefined);
  function choose(value: string) {
    setSearchParams(value ? { badgeCategoryId: value } : {}, { replace: true });
  }
  return { categories, choices, chosen: chosen ?? null, choose };
}

type CategoryChooserProps = {
  state: ReturnType<typeof useChosenCategory>;
  /** Said when the event has no category to offer. */
  emptyMessage: string;
};

export function CategoryChooser({ state, emptyMessage }: CategoryChooserProps) {
  const { categories, choices, chosen, choose } = state;
  if (categories.isPending) return <Skeleton className="h-9 w-full sm:w-80" />;
  if (categories.isError) {
    return <FormAlert message={errorMessage(categories.error, 'The badge categories could not be loaded.')} />;
  }
  if (choices.length === 0) return <FormAlert message={emptyMessage} />;
  return (
    <FormField
      id="bulk-import-category"
      label="Badge category"
      required
      hint="The template holds this category’s own questions; each row registers a badge in it."
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={chosen?.id ?? ''}
          onChange={(event) => choose(event.target.value)}
          className="sm:w-80"
        >
          <CategoryOptions categories={choices} empty="Choose a category" />
        </NativeSelect>
      )}
    </FormField>
  );
}
