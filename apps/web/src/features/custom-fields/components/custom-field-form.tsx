import { zodResolver } from '@hookform/resolvers/zod';
import { whenParsed } from '@portal/shared/common';
import type { BadgeCategorySummary } from '@portal/shared/badge-categories';
import type { PortalEvent } from '@portal/shared/events';
import {
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  definitionIssues,
  LEAD_QUESTION_TYPES,
  MAX_FILE_SIZE_BYTES,
  OPTION_FIELD_TYPES,
  PATTERN_FIELD_TYPES,
  RANGE_FIELD_TYPES,
  UPLOAD_CONTENT_TYPE_LIST,
  UPLOAD_CONTENT_TYPES,
  type CustomField,
  type CustomFieldEntityType,
  type CustomFieldType,
  type CustomFieldValidation,
} from '@portal/shared/custom-fields';
import { PlusIcon, XIcon } from 'lucide-react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CategoryOptions } from '@/components/category-options';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { applyServerErrors, type ServerErrorField } from '@/lib/form-errors';
import { useCreateCustomField } from '../api/create-custom-field';
import { useUpdateCustomField } from '../api/update-custom-field';
import { FieldPreview } from './field-preview';
import { EventOptions } from '@/components/event-options';

const BYTES_PER_MB = 1024 * 1024;
const MAX_FILE_SIZE_MB = MAX_FILE_SIZE_BYTES / BYTES_PER_MB;

/** A size in bytes as the form shows it: MB (1024 × 1024 bytes, as everywhere in the portal), to two decimals. */
function megabytesOf(bytes: number | undefined): string {
  return bytes === undefined ? '' : String(Math.round((bytes / BYTES_PER_MB) * 100) / 100);
}

const optionalNumber = z
  .string()
  .trim()
  .refine((value) => value === '' || Number.isFinite(Number(value)), 'Enter a number');

const formSchema = z
  .object({
    eventId: z.string().min(1, 'Choose an event'),
    badgeCategoryId: z.string(),
    label: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
    key: z.string().trim(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    required: z.boolean(),
    isActive: z.boolean(),
    isPrivate: z.boolean(),
    helpText: z.string().max(1000, 'At most 1000 characters'),
    options: z.array(z.object({ value: z.string().trim(), label: z.string().trim() })),
    validation: z.object({
      min: optionalNumber,
      max: optionalNumber,
      pattern: z.string(),
      minDate: z.string(),
      maxDate: z.string(),
      maxFileSizeMb: z
        .string()
        .trim()
        .refine(
          (value) => value === '' || (Number.isFinite(Number(value)) && Number(value) > 0),
          'Enter a size above 0',
        )
        .refine((value) => value === '' || Number(value) <= MAX_FILE_SIZE_MB, `At most ${MAX_FILE_SIZE_MB} MB`),
      allowedMimeTypes: z.array(z.enum(UPLOAD_CONTENT_TYPE_LIST)),
    }),
  })
  .superRefine(
    (values, ctx) => {
      // The shared definition rules, so that the form says what the server would refuse.
      for (const issue of definitionIssues({
        type: values.type,
        options: optionsOf(values),
        validation: validationOf(values, {}),
      })) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.').slice(0, 2) });
      }
    },
    whenParsed('type', 'options', 'validation'),
  );

export type CustomFieldFormValues = z.infer<typeof formSchema>;

const FIELDS = [
  'eventId',
  'badgeCategoryId',
  'label',
  'key',
  'type',
  'isPrivate',
  'helpText',
  'options',
  'validation.min',
  'validation.max',
  'validation.pattern',
  'validation.minDate',
  'validation.maxDate',
  'validation.allowedMimeTypes',
  // The server speaks of bytes; the form edits megabytes.
  ['validation.maxFileSizeBytes', 'validation.maxFileSizeMb'],
] as const satisfies readonly ServerErrorField<CustomFieldFormValues>[];

function optionsOf(values: Pick<CustomFieldFormValues, 'type' | 'options'>) {
  return OPTION_FIELD_TYPES.includes(values.type) ? values.options : [];
}

/** The validation the form edits, for the rules the type takes. */
function validationOf(
  values: Pick<CustomFieldFormValues, 'type' | 'validation'>,
  stored: CustomFieldValidation,
): CustomFieldValidation {
  const { type, validation: v } = values;
  const result: CustomFieldValidation = {};
  if (RANGE_FIELD_TYPES.includes(type)) {
    if (v.min.trim() !== '') result.min = Number(v.min);
    if (v.max.trim() !== '') result.max = Number(v.max);
  }
  if (PATTERN_FIELD_TYPES.includes(type) && v.pattern !== '') result.pattern = v.pattern;
  if (type === 'date') {
    if (v.minDate) result.minDate = v.minDate;
    if (v.maxDate) result.maxDate = v.maxDate;
  }
  if (type === 'file') {
    const megabytes = v.maxFileSizeMb.trim();
    if (megabytes !== '' && Number(megabytes) > 0) {
      // An untouched size keeps its exact bytes, which the form shows rounded.
      result.maxFileSizeBytes =
        megabytes === megabytesOf(stored.maxFileSizeBytes)
          ? stored.maxFileSizeBytes
          : Math.max(1, Math.min(MAX_FILE_SIZE_BYTES, Math.round(Number(megabytes) * BYTES_PER_MB)));
    }
    // None ticked: any type the server recognises.
    const allowed = UPLOAD_CONTENT_TYPE_LIST.filter((contentType) => v.allowedMimeTypes.includes(contentType));
    if (allowed.length > 0) result.allowedMimeTypes = allowed;
  }
  return result;
}

function defaultsOf(field: CustomField | null, eventId: number | null): CustomFieldFormValues {
  const v = field?.validation ?? {};
  return {
    eventId: String(field?.eventId ?? eventId ?? ''),
    badgeCategoryId: field?.badgeCategoryId == null ? '' : String(field.badgeCategoryId),
    label: field?.label ?? '',
    key: field?.key ?? '',
    type: field?.type ?? 'text',
    required: field?.required ?? false,
    isActive: field?.isActive ?? true,
    isPrivate: field?.isPrivate ?? false,
    helpText: field?.helpText ?? '',
    options: field?.options.map((option) => ({ ...option })) ?? [],
    validation: {
      min: v.min === undefined ? '' : String(v.min),
      max: v.max === undefined ? '' : String(v.max),
      pattern: v.pattern ?? '',
      minDate: v.minDate ?? '',
      maxDate: v.maxDate ?? '',
      maxFileSizeMb: megabytesOf(v.maxFileSizeBytes),
      allowedMimeTypes: [...(v.allowedMimeTypes ?? [])],
    },
  };
}

const RANGE_LABELS: Partial<Record<CustomFieldType, [string, string]>> = {
  text: ['Shortest answer (characters)', 'Longest answer (characters)'],
  textarea: ['Shortest answer (characters)', 'Longest answer (characters)'],
  number: ['Smallest value', 'Largest value'],
  multiselect: ['Fewest choices', 'Most choices'],
};

/** What the form says of a field, by what it is asked of: a badge's form, or a lead at the booth. */
const WORDING: Record<
  CustomFieldEntityType,
  { types: readonly CustomFieldType[]; answered: string; active: string; created: string; updated: string; submit: string }
> = {
  badge: {
    types: CUSTOM_FIELD_TYPES,
    answered: 'Fixed: badges have answered this field.',
    active: 'Active (asked on the badge forms)',
    created: 'Custom field created',
    updated: 'Custom field updated',
    submit: 'Create field',
  },
  lead: {
    types: LEAD_QUESTION_TYPES,
    answered: 'Fixed: leads have answered this question.',
    active: 'Active (asked when qualifying a lead)',
    created: 'Question created',
    updated: 'Question updated',
    submit: 'Create question',
  },
};

type CustomFieldFormProps = {
  /**
   * `lead`: one of the exhibitor's own qualifier questions, with the types a booth asks and no
   * badge category or private flag. Badge fields by default.
   */
  entityType?: CustomFieldEntityType;
  field: CustomField | null;
  /** The event a new field goes to when the caller has one; otherwise chosen among `events`. */
  eventId: number | null;
  events: readonly PortalEvent[];
  categories: readonly BadgeCategorySummary[];
  onEventChange?: (eventId: number | null) => void;
  cancelTo: string;
  onSaved: (field: CustomField) => void;
};

/** Creates or edits a custom field, with a preview of the field as the badge form will show it. */
export function CustomFieldForm({
  entityType = 'badge',
  field,
  eventId,
  events,
  categories,
  onEventChange,
  cancelTo,
  onSaved,
}: CustomFieldFormProps) {
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const form = useForm<CustomFieldFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: defaultsOf(field, eventId),
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const { errors } = form.formState;
  // Every value has a default, so the watched values are complete.
  const values = useWatch({ control: form.control }) as CustomFieldFormValues;
  const type = values.type;
  // Answers fix a field's type and category: the server refuses to change them.
  const answered = (field?.answerCount ?? 0) > 0;
  const range = RANGE_LABELS[type];
  const wording = WORDING[entityType];
  const isLead = entityType === 'lead';

  const submit = form.handleSubmit(async (values) => {
    const definition = {
      badgeCategoryId: values.badgeCategoryId ? Number(values.badgeCategoryId) : null,
      label: values.label,
      type: values.type,
      options: optionsOf(values),
      required: values.required,
      isActive: values.isActive,
      ...(isLead ? {} : { isPrivate: values.isPrivate }),
      helpText: values.helpText.trim() || null,
      validation: validationOf(values, field?.validation ?? {}),
    };
    try {
      const saved = field
        ? await update.mutateAsync({
            id: field.id,
            body: { ...definition, ...(values.key ? { key: values.key } : {}) },
          })
        : await create.mutateAsync({
            ...definition,
            entityType,
            eventId: Number(values.eventId),
            key: values.key || undefined,
          });
      toast.success(field ? wording.updated : wording.created);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Card>
        <CardContent className="pt-5">
          <form noValidate onSubmit={submit} className="grid gap-4">
            <FormAlert message={errors.root?.server?.message} />
            {!field && events.length > 1 && (
              <FormField id="field-event" label="Event" required error={errors.eventId?.message}>
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
                    <EventOptions events={events} empty="Choose an event" />
                  </NativeSelect>
                )}
              </FormField>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id="field-label"
                label="Label"
                required
                error={errors.label?.message}
                className="content-start"
              >
                {(control) => <Input {...control} {...form.register('label')} autoComplete="off" />}
              </FormField>
              <FormField
                id="field-key"
                label="Key"
                hint="Lower-case letters, digits and underscores; made from the label when left empty."
                error={errors.key?.message}
              >
                {(control) => <Input {...control} {...form.register('key')} autoComplete="off" spellCheck={false} />}
              </FormField>
              {!isLead && (
                <FormField
                  id="field-category"
                  label="Badge category"
                  hint={answered ? wording.answered : undefined}
                  error={errors.badgeCategoryId?.message}
                >
                  {(control) => (
                    <NativeSelect {...control} {...form.register('badgeCategoryId')} disabled={answered}>
                      <CategoryOptions categories={categories} empty="All categories of the event" />
                    </NativeSelect>
                  )}
                </FormField>
              )}
              <FormField
                id="field-type"
                label="Type"
                required
                hint={answered ? wording.answered : undefined}
                error={errors.type?.message}
              >
                {(control) => (
                  <NativeSelect {...control} {...form.register('type')} disabled={answered}>
                    {wording.types.map((option) => (
                      <option key={option} value={option}>
                        {CUSTOM_FIELD_TYPE_LABELS[option]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <FormField id="field-help" label="Help text" error={errors.helpText?.message}>
              {(control) => <Textarea {...control} {...form.register('helpText')} rows={2} />}
            </FormField>
            <div className="flex flex-wrap gap-6">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" {...form.register('required')} className="size-4 accent-primary" />
                Required
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" {...form.register('isActive')} className="size-4 accent-primary" />
                {wording.active}
              </label>
              {!isLead && (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" {...form.register('isPrivate')} className="size-4 accent-primary" />
                  Private — never shared with exhibitors who scan this badge
                </label>
              )}
            </div>

            {OPTION_FIELD_TYPES.includes(type) && (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Options</legend>
                {options.fields.map((option, index) => (
                  <div key={option.id} className="flex items-center gap-2">
                    <Input
                      aria-label={`Value of option ${index + 1}`}
                      placeholder="Value"
                      {...form.register(`options.${index}.value`)}
                      className="w-40"
                    />
                    <Input
                      aria-label={`Label of option ${index + 1}`}
                      placeholder="Label"
                      {...form.register(`options.${index}.label`)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Remove option ${index + 1}`}
                      onClick={() => options.remove(index)}
                    >
                      <XIcon aria-hidden />
                    </Button>
                  </div>
                ))}
                {errors.options && (
                  <p role="alert" className="text-xs text-destructive">
                    {errors.options.message ?? errors.options.root?.message ?? 'Check the options'}
                  </p>
                )}
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => options.append({ value: '', label: '' })}
                  >
                    <PlusIcon aria-hidden />
                    Add option
                  </Button>
                </div>
              </fieldset>
            )}

            {(range || PATTERN_FIELD_TYPES.includes(type) || type === 'date') && (
              <div className="grid gap-4 sm:grid-cols-2">
                {range && (
                  <>
                    <FormField id="field-min" label={range[0]} error={errors.validation?.min?.message}>
                      {(control) => <Input {...control} {...form.register('validation.min')} inputMode="decimal" />}
                    </FormField>
                    <FormField id="field-max" label={range[1]} error={errors.validation?.max?.message}>
                      {(control) => <Input {...control} {...form.register('validation.max')} inputMode="decimal" />}
                    </FormField>
                  </>
                )}
                {PATTERN_FIELD_TYPES.includes(type) && (
                  <FormField
                    id="field-pattern"
                    label="Pattern"
                    hint="A regular expression the whole answer must match."
                    error={errors.validation?.pattern?.message}
                    className="sm:col-span-2"
                  >
                    {(control) => (
                      <Input
                        {...control}
                        {...form.register('validation.pattern')}
                        spellCheck={false}
                        className="font-mono"
                      />
                    )}
                  </FormField>
                )}
                {type === 'date' && (
                  <>
                    <FormField id="field-min-date" label="Earliest date" error={errors.validation?.minDate?.message}>
                      {(control) => <Input {...control} type="date" {...form.register('validation.minDate')} />}
                    </FormField>
                    <FormField id="field-max-date" label="Latest date" error={errors.validation?.maxDate?.message}>
                      {(control) => <Input {...control} type="date" {...form.register('validation.maxDate')} />}
                    </FormField>
                  </>
                )}
              </div>
            )}

            {type === 'file' && (
              <div className="grid gap-4">
                <FormField
                  id="field-max-file-size"
                  label="Largest file (MB)"
                  hint={`Up to ${MAX_FILE_SIZE_MB} MB; left empty, ${MAX_FILE_SIZE_MB} MB.`}
                  error={errors.validation?.maxFileSizeMb?.message}
                  className="sm:w-1/2 sm:pr-2"
                >
                  {(control) => (
                    <Input {...control} {...form.register('validation.maxFileSizeMb')} inputMode="decimal" />
                  )}
                </FormField>
                <fieldset className="grid gap-2" aria-describedby="field-file-types-hint">
                  <legend className="mb-1 text-sm font-medium">Allowed file types</legend>
                  <div className="grid gap-2 sm:grid-cols-2">
                    {UPLOAD_CONTENT_TYPE_LIST.map((contentType) => (
                      <label key={contentType} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          value={contentType}
                          {...form.register('validation.allowedMimeTypes')}
                          className="size-4 accent-primary"
                        />
                        {UPLOAD_CONTENT_TYPES[contentType]}
                      </label>
                    ))}
                  </div>
                  <p id="field-file-types-hint" className="text-xs text-muted-foreground">
                    None ticked: any of these.
                  </p>
                  {errors.validation?.allowedMimeTypes && (
                    <p role="alert" className="text-xs font-medium text-destructive">
                      {errors.validation.allowedMimeTypes.message ?? 'Check the file types'}
                    </p>
                  )}
                </fieldset>
              </div>
            )}

            <PageFormActions
              pending={create.isPending || update.isPending}
              submitLabel={field ? 'Save changes' : wording.submit}
              cancelTo={cancelTo}
            />
          </form>
        </CardContent>
      </Card>
      <Card className="content-start">
        <CardHeader>
          <CardTitle>Preview</CardTitle>
        </CardHeader>
        <CardContent>
          <FieldPreview
            form={isLead ? 'lead form' : 'badge form'}
            field={{
              id: field?.id ?? 0,
              label: values.label || 'Untitled field',
              key: values.key || 'preview',
              type,
              options: optionsOf(values).filter((option) => option.value !== ''),
              required: values.required,
              helpText: values.helpText.trim() || null,
              validation: validationOf(values, field?.validation ?? {}),
              sortOrder: field?.sortOrder ?? 0,
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
