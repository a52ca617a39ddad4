import { zodResolver } from '@hookform/resolvers/zod';
import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import {
  EMAIL_TEMPLATE_PURPOSE_LABELS,
  EMAIL_TEMPLATE_PURPOSES,
  MAX_TEMPLATE_BODY,
  MAX_TEMPLATE_SUBJECT,
  type EmailTemplate,
} from '@portal/shared/email-templates';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CategoryOptions } from '@/components/category-options';
import { EventOptions } from '@/components/event-options';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Card, CardContent } from '@/components/ui/card';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { useUnsavedChangesGuard } from '@/hooks/use-unsaved-changes-guard';
import { apiErrorBody } from '@/lib/api-client';
import { applyServerErrors, type ServerErrorField } from '@/lib/form-errors';
import { useCreateEmailTemplate } from '../api/create-email-template';
import { useEmailTemplatePreview } from '../api/preview-email-template';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { PlaceholderList } from './placeholder-list';
import { TemplatePreview } from './template-preview';

/** How long typing pauses before the preview is rendered again. */
const PREVIEW_DELAY_MS = 400;

const formSchema = z.object({
  eventId: z.string(),
  badgeCategoryId: z.string(),
  name: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES),
  subject: z.string().trim().min(1, 'Required').max(MAX_TEMPLATE_SUBJECT, `At most ${MAX_TEMPLATE_SUBJECT} characters`),
  htmlBody: z.string().trim().min(1, 'Required').max(MAX_TEMPLATE_BODY, `At most ${MAX_TEMPLATE_BODY} characters`),
  textBody: z.string().max(MAX_TEMPLATE_BODY, `At most ${MAX_TEMPLATE_BODY} characters`),
  isActive: z.boolean(),
});

export type EmailTemplateFormValues = z.infer<typeof formSchema>;

const FIELDS = [
  'eventId',
  'badgeCategoryId',
  'name',
  'purpose',
  'subject',
  'htmlBody',
  'textBody',
] as const satisfies readonly ServerErrorField<EmailTemplateFormValues>[];

const WRITTEN = ['subject', 'htmlBody', 'textBody'] as const;
type Written = (typeof WRITTEN)[number];

function defaultsOf(template: EmailTemplate | null, eventId: number | null): EmailTemplateFormValues {
  return {
    eventId: String(template?.eventId ?? eventId ?? ''),
    badgeCategoryId: template?.badgeCategoryId == null ? '' : String(template.badgeCategoryId),
    name: template?.name ?? '',
    purpose: template?.purpose ?? 'registration_link',
    subject: template?.subject ?? '',
    htmlBody: template?.htmlBody ?? '',
    textBody: template?.textBody ?? '',
    isActive: template?.isActive ?? true,
  };
}

/** The values as they stand, settled for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type EmailTemplateFormProps = {
  template: EmailTemplate | null;
  /** The event a new template belongs to when the page or the user fixes it; otherwise chosen among `events`. */
  eventId: number | null;
  /** Events to choose from, with "Global" first; empty when the event is fixed. */
  events: readonly { id: number; name: string }[];
  categories: readonly BadgeCategorySummary[];
  onEventChange?: (eventId: number | null) => void;
  cancelTo: string;
  onSaved: (template: EmailTemplate) => void;
};

/** Creates or edits an email template, beside the purpose's placeholders and a live preview. */
export function EmailTemplateForm({
  template,
  eventId,
  events,
  categories,
  onEventChange,
  cancelTo,
  onSaved,
}: EmailTemplateFormProps) {
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const form = useForm<EmailTemplateFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaultsOf(template, eventId),
  });
  const { errors, isDirty } = form.formState;
  const [saved, setSaved] = useState(false);
  const leaveGuard = useUnsavedChangesGuard(isDirty && !saved, 'this template');
  const purpose = useWatch({ control: form.control, name: 'purpose' });
  const chosenEvent = useWatch({ control: form.control, name: 'eventId' });
  const [subject, htmlBody, textBody] = useWatch({ control: form.control, name: ['subject', 'htmlBody', 'textBody'] });
  const lastWritten = useRef<Written | null>(null);
  const choosingEvent = !template && events.length > 0;

  const chosenCategory = useWatch({ control: form.control, name: 'badgeCategoryId' });
  const settled = useSettled(JSON.stringify({ purpose, subject, htmlBody, textBody }), PREVIEW_DELAY_MS);
  const previewBody = JSON.parse(settled) as Pick<EmailTemplateFormValues, 'purpose' | Written>;
  // Rendered for the template's own event (a global one has none: sample values), as its mail would read.
  const preview = useEmailTemplatePreview(
    previewBody.subject.trim() === '' || previewBody.htmlBody.trim() === ''
      ? null
      : {
          ...previewBody,
          textBody: previewBody.textBody || null,
          eventId: chosenEvent ? Number(chosenEvent) : null,
          badgeCategoryId: chosenEvent && chosenCategory ? Number(chosenCategory) : null,
        },
  );
  const previewError = preview.isError ? apiErrorBody(preview.error) : null;

  // An unknown placeholder is said at the field that holds it, as saving would say it.
  useEffect(() => {
    const details = preview.error ? apiErrorBody(preview.error)?.details : undefined;
    for (const field of WRITTEN) {
      const detail = details?.find((entry) => entry.field === field);
      if (detail) form.setError(field, { type: 'preview', message: detail.message });
      else if (form.getFieldState(field).error?.type === 'preview') form.clearErrors(field);
    }
  }, [preview.error, form]);

  function insertPlaceholder(name: string) {
    const token = `{{${name}}}`;
    const field = lastWritten.current;
    const element = field ? document.getElementById(`template-${field}`) : null;
    if (!field || !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
      void navigator.clipboard?.writeText(token).then(() => toast.success(`${token} copied`));
      return;
    }
    const value = form.getValues(field);
    const start = element.selectionStart ?? value.length;
    const end = element.selectionEnd ?? start;
    form.setValue(field, value.slice(0, start) + token + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const submit = form.handleSubmit(async (values) => {
    const definition = {
      badgeCategoryId: values.badgeCategoryId ? Number(values.badgeCategoryId) : null,
      name: values.name,
      purpose: values.purpose,
      subject: values.subject,
      htmlBody: values.htmlBody,
      textBody: values.textBody.trim() === '' ? null : values.textBody,
      isActive: values.isActive,
    };
    try {
      const stored = template
        ? await update.mutateAsync({ id: template.id, body: definition })
        : await create.mutateAsync({ ...definition, eventId: values.eventId ? Number(values.eventId) : null });
      toast.success(template ? 'Email template updated' : 'Email template created');
      setSaved(true);
      onSaved(stored);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  const written = (field: Written) => ({
    ...form.register(field),
    onFocus: () => {
      lastWritten.current = field;
    },
  });

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      {leaveGuard}
      <Card>
        <CardContent className="pt-5">
          <form noValidate onSubmit={submit} className="grid gap-4">
            <FormAlert message={errors.root?.server?.message} />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="template-name" label="Name" required error={errors.name?.message}>
                {(control) => <Input {...control} {...form.register('name')} />}
              </FormField>
              <FormField id="template-purpose" label="Purpose" required error={errors.purpose?.message}>
                {(control) => (
                  <NativeSelect {...control} {...form.register('purpose')}>
                    {EMAIL_TEMPLATE_PURPOSES.map((value) => (
                      <option key={value} value={value}>
                        {EMAIL_TEMPLATE_PURPOSE_LABELS[value]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {choosingEvent && (
                <FormField
                  id="template-event"
                  label="Event"
                  error={errors.eventId?.message}
                  hint="A global template serves every event that has none of its own."
                >
                  {(control) => (
                    <NativeSelect
                      {...control}
                      {...form.register('eventId', {
                        onChange: (event: { target: { value: string } }) => {
                          form.setValue('badgeCategoryId', '');
                          onEventChange?.(Number(event.target.value) || null);
                        },
                      })}
                    >
                      <EventOptions events={events} empty="Global (every event)" />
                    </NativeSelect>
                  )}
                </FormField>
              )}
              {chosenEvent !== '' && (
                <FormField
                  id="template-category"
                  label="Badge category"
                  error={errors.badgeCategoryId?.message}
                  hint="Only for badges of this category; leave empty for the whole event."
                >
                  {(control) => (
                    <NativeSelect {...control} {...form.register('badgeCategoryId')}>
                      <CategoryOptions categories={categories} empty="Every category" />
                    </NativeSelect>
                  )}
                </FormField>
              )}
            </div>
            <FormField id="template-subject" label="Subject" required error={errors.subject?.message}>
              {(control) => <Input {...control} {...written('subject')} />}
            </FormField>
            <FormField id="template-htmlBody" label="HTML body" required error={errors.htmlBody?.message}>
              {(control) => <Textarea {...control} rows={12} className="font-mono text-xs" {...written('htmlBody')} />}
            </FormField>
            <FormField
              id="template-textBody"
              label="Text body"
              error={errors.textBody?.message}
              hint="For mail programs that show no HTML; left empty, it is made from the HTML body."
            >
              {(control) => <Textarea {...control} rows={6} className="font-mono text-xs" {...written('textBody')} />}
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...form.register('isActive')} className="size-4 accent-primary" />
              Active (the portal sends it)
            </label>
            <PageFormActions
              pending={form.formState.isSubmitting}
              submitLabel={template ? 'Save template' : 'Create template'}
              cancelTo={cancelTo}
            />
          </form>
        </CardContent>
      </Card>
      <div className="grid content-start gap-6">
        <PlaceholderList purpose={purpose} onChoose={insertPlaceholder} />
        <TemplatePreview
          rendered={preview.isError ? null : (preview.data ?? null)}
          pending={preview.isFetching}
          problem={preview.isError ? (previewError?.message ?? 'The preview could not be rendered') : null}
        />
      </div>
    </div>
  );
}
