import { zodResolver } from '@hookform/resolvers/zod';
import { BADGE_PAGE_SIZES, type BadgeLayout } from '@portal/shared/badge-layouts';
import { textLine } from '@portal/shared/common';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateBadgeLayout } from '../api/create-badge-layout';
import { draftOf } from '../lib/layout-draft';

const createLayoutSchema = z.object({
  name: textLine(100),
  sourceId: z.string().min(1, 'Choose a starting point'),
});

/** Built-ins first: they are the starting points most new layouts begin from. */
function startingPoints(layouts: readonly BadgeLayout[]): BadgeLayout[] {
  return [...layouts].sort((a, b) => Number(b.builtIn !== null) - Number(a.builtIn !== null) || a.name.localeCompare(b.name));
}

/** A new layout, made from a copy of one the event has (a built-in one by default), then opened in the editor. */
export function CreateLayoutForm({ eventId, layouts }: { eventId: number; layouts: readonly BadgeLayout[] }) {
  const sources = startingPoints(layouts);
  const form = useForm({
    resolver: zodResolver(createLayoutSchema),
    defaultValues: { name: '', sourceId: String(sources[0]?.id ?? '') },
  });
  const create = useCreateBadgeLayout();
  const navigate = useNavigate();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ name, sourceId }) => {
    const source = sources.find((layout) => String(layout.id) === sourceId);
    if (!source) return form.setError('sourceId', { message: 'Choose a starting point' });
    try {
      const created = await create.mutateAsync({ eventId, body: { ...draftOf(source), name } });
      toast.success('Layout created');
      void navigate(paths.eventBadgeLayout.href({ eventId, layoutId: created.id }));
    } catch (error) {
      applyServerErrors(error, form.setError, ['name']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField id="new-layout-name" label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} placeholder="Visitor badge 2026" />}
      </FormField>
      <FormField
        id="new-layout-source"
        label="Start from"
        error={errors.sourceId?.message}
        hint="Its size and elements are copied; images are not."
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('sourceId')}>
            {sources.map((layout) => (
              <option key={layout.id} value={layout.id}>
                {layout.builtIn ? `${layout.name} (built-in)` : layout.name} · {BADGE_PAGE_SIZES[layout.pageSize].label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormActions pending={create.isPending} submitLabel="Create and edit" />
    </form>
  );
}
