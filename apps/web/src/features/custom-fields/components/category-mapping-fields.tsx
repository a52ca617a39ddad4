import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import type { CategoryMapping, ImportFile } from './import-document';

type CategoryMappingFieldsProps = {
  file: ImportFile | null;
  eventChosen: boolean;
  categories: UseQueryResult<BadgeCategorySummary[]>;
  mapping: CategoryMapping;
  errors: Record<string, string>;
  onChange: (ref: string, value: string) => void;
};

/** One choice per category of the file: the target event’s badge category its fields go to, or none. */
export function CategoryMappingFields({
  file,
  eventChosen,
  categories,
  mapping,
  errors,
  onChange,
}: CategoryMappingFieldsProps) {
  if (!file || file.categories.length === 0) {
    return file && file.fieldCount ? (
      <p className="text-sm text-muted-foreground">
        The file’s fields apply to all categories: there is nothing to map.
      </p>
    ) : null;
  }
  if (!eventChosen) return <p className="text-sm text-muted-foreground">Choose an event to map the categories.</p>;
  if (categories.isPending) {
    return (
      <div aria-hidden className="grid gap-4 sm:grid-cols-2">
        {file.categories.map((category) => (
          <Skeleton key={category.ref} className="h-14" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return <FormAlert message={errorMessage(categories.error, 'The event’s badge categories could not be loaded.')} />;
  }
  const targets: BadgeCategorySummary[] = categories.data;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1.5 text-sm font-medium">Categories of the file</legend>
      {targets.length === 0 && (
        <p className="text-sm text-muted-foreground">
          This event has no badge categories yet: only fields for all categories can be imported.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {file.categories.map((category, index) => (
          <FormField
            key={category.ref}
            id={`import-mapping-${index}`}
            label={category.name}
            hint={`${category.fieldCount} ${category.fieldCount === 1 ? 'field' : 'fields'} in the file`}
            error={errors[category.ref]}
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={mapping[category.ref] ?? ''}
                onChange={(event) => onChange(category.ref, event.target.value)}
              >
                <option value="">Leave out</option>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
