import { zodResolver } from '@hookform/resolvers/zod';
import type { EmailTemplate } from '@portal/shared/email-templates';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { EventOptions } from '@/components/event-options';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useCloneEmailTemplate } from '../api/clone-email-template';

const cloneSchema = z.object({
  eventId: z.string().min(1, 'Choose an event'),
  name: z.string().trim().max(200, 'At most 200 characters'),
});
type CloneValues = z.infer<typeof cloneSchema>;

type CloneTemplateDialogProps = {
  template: EmailTemplate | null;
  /** The events a copy may go to; one alone is chosen without asking. */
  events: readonly { id: number; name: string }[];
  onClose: () => void;
  onCloned?: (copy: EmailTemplate) => void;
};

/** Copies a template to an event, for instance a global one to adapt it, or last year's to this year's event. */
export function CloneTemplateDialog({ template, events, onClose, onCloned }: CloneTemplateDialogProps) {
  return (
    <FormDialog
      open={template !== null}
      onClose={onClose}
      title="Clone email template"
      description={template ? `Copy ${template.name} to an event, where it can be changed on its own.` : ''}
    >
      {template && (
        <CloneForm key={template.id} template={template} events={events} onClose={onClose} onCloned={onCloned} />
      )}
    </FormDialog>
  );
}

function CloneForm({
  template,
  events,
  onClose,
  onCloned,
}: Omit<CloneTemplateDialogProps, 'template'> & { template: EmailTemplate }) {
  const clone = useCloneEmailTemplate();
  const form = useForm<CloneValues>({
    resolver: zodResolver(cloneSchema),
    defaultValues: { eventId: events.length === 1 ? String(events[0]?.id) : '', name: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const copy = await clone.mutateAsync({
        id: template.id,
        body: { eventId: Number(values.eventId), ...(values.name ? { name: values.name } : {}) },
      });
      toast.success(`${copy.name} created for ${copy.eventName ?? 'the event'}`);
      onCloned?.(copy);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['eventId', 'name']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      {events.length !== 1 && (
        <FormField id="clone-event" label="Target event" required error={errors.eventId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('eventId')}>
              <EventOptions events={events} empty="Choose an event" />
            </NativeSelect>
          )}
        </FormField>
      )}
      <FormField id="clone-name" label="New name" error={errors.name?.message} hint={`Left empty: ${template.name}, or ${template.name} (copy) where the event has that name already`}>
        {(control) => <Input {...control} {...form.register('name')} />}
      </FormField>
      <FormActions pending={clone.isPending} submitLabel="Clone template" />
    </form>
  );
}
