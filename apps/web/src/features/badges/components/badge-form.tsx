import { zodResolver } from '@hookform/resolvers/zod';
import type { Badge, CreateBadgeBody, UpdateBadgeBody } from '@portal/shared/badges';
import { whenParsed } from '@portal/shared/common';
import type { CustomField } from '@portal/shared/custom-fields';
import type { Exhibitor } from '@portal/shared/exhibitors';
import type { LeadConsentQuestion } from '@portal/shared/leads';
import { isAxiosError } from 'axios';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  AnswerField,
  badgeHolderFieldNames,
  badgeHolderForApi,
  badgeHolderShape,
} from '@/components/custom-fields/badge-holder';
import {
  addAnswerIssues,
  answerFromValue,
  emptyAnswer,
  type CustomFieldAnswer,
} from '@/components/custom-fields/custom-field-rules';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorBody } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateBadge } from '../api/create-badge';
import { usePlaces } from '../api/get-places';
import { useUpdateBadge } from '../api/update-badge';
import { noPlaceReason, placesText } from './places';

type BadgeFormProps = {
  /** The badge to edit, or null to register one in `badgeCategoryId`. */
  badge: Badge | null;
  badgeCategoryId: number;
  fields: readonly CustomField[];
  /** Offered to organisers: the badge then uses that exhibitor's allocation. */
  exhibitors?: readonly Exhibitor[];
  /** The event's consent question, asked of the holder as the public form asks it; null or absent when none. */
  consent?: LeadConsentQuestion | null;
  cancelTo: string;
  onSaved: (badge: Badge) => void;
};

type Answers = Record<string, CustomFieldAnswer>;

/** The form's schema: the badge's own fields as the API checks them, and each answer by its field's rules. */
function formSchema(fields: readonly CustomField[], storedFiles: ReadonlySet<string>) {
  return z
    .object({ ...badgeHolderShape, exhibitorId: z.string(), sendConfirmation: z.boolean(), leadConsent: z.boolean() })
    .superRefine(
      (values, ctx) => addAnswerIssues(fields, values.customFieldValues, ctx, storedFiles),
      whenParsed('customFieldValues'),
    );
}

type FormSchema = ReturnType<typeof formSchema>;

/** Registers a badge, or edits the one given: name and contact, then the category's custom fields. */
export function BadgeForm({ badge, badgeCategoryId, fields, exhibitors, consent, cancelTo, onSaved }: BadgeFormProps) {
  const active = fields.filter((field) => field.isActive);
  const stored = new Map(badge?.customFieldValues.map((answer) => [answer.key, answer]) ?? []);
  const storedFiles = new Set([...stored.values()].filter((answer) => answer.file).map((answer) => answer.key));
  const create = useCreateBadge();
  const update = useUpdateBadge();
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchema(active, storedFiles)),
    defaultValues: {
      firstName: badge?.firstName ?? '',
      lastName: badge?.lastName ?? '',
      email: badge?.email ?? '',
      phone: badge?.phone ?? '',
      exhibitorId: '',
      sendConfirmation: true,
      leadConsent: badge?.leadConsent != null,
      customFieldValues: Object.fromEntries(
        active.map((field) => [
          field.key,
          badge ? answerFromValue(field, stored.get(field.key)?.value) : emptyAnswer(field),
        ]),
      ) as Answers,
    },
  });
  const { errors } = form.formState;
  // An organiser's badge for an exhibitor takes one of that exhibitor's places in the category.
  const choosesExhibitor = !badge && exhibitors !== undefined && exhibitors.length > 0;
  const chosenExhibitor = Number(useWatch({ control: form.control, name: 'exhibitorId' })) || null;
  const exhibitorPlaces = usePlaces(choosesExhibitor ? chosenExhibitor : null);
  const exhibitorPlace = exhibitorPlaces.data?.get(badgeCategoryId);
  const noPlace = chosenExhibitor != null && exhibitorPlaces.isSuccess ? noPlaceReason(exhibitorPlace) : null;
  const fieldNames = [...badgeHolderFieldNames(active), 'exhibitorId'] as const;

  const submit = form.handleSubmit(async (values) => {
    const { holder, files } = badgeHolderForApi(active, values);
    // Sent only when asked and, on a badge, changed: re-saving a badge must not renew a consent given to an older wording.
    const answered = consent && (!badge || form.formState.dirtyFields.leadConsent);
    const person = answered ? { ...holder, leadConsent: values.leadConsent } : holder;
    try {
      const saved = badge
        ? await update.mutateAsync({ id: badge.id, body: person satisfies UpdateBadgeBody, files })
        : await create.mutateAsync({
            body: {
              ...person,
              badgeCategoryId,
              exhibitorId: values.exhibitorId ? Number(values.exhibitorId) : undefined,
              sendConfirmation: values.sendConfirmation,
            } satisfies CreateBadgeBody,
            files,
          });
      toast.success(badge ? 'Badge updated' : 'Badge registered');
      onSaved(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, fieldNames);
      // An exhausted allocation is not the registrant's mistake: say so where it cannot be missed.
      if (isAxiosError(error) && error.response?.status === 422 && !apiErrorBody(error)?.details?.length) {
        toast.error(apiErrorBody(error)?.message ?? 'The badge could not be registered');
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormAlert message={errors.root?.server?.message} />
      <section className="grid gap-4" aria-labelledby="badge-person">
        <h2 id="badge-person" className="text-sm font-semibold">
          Badge holder
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="badge-first-name" label="First name" required error={errors.firstName?.message}>
            {(control) => <Input {...control} {...form.register('firstName')} autoComplete="off" />}
          </FormField>
          <FormField id="badge-last-name" label="Last name" required error={errors.lastName?.message}>
            {(control) => <Input {...control} {...form.register('lastName')} autoComplete="off" />}
          </FormField>
          <FormField id="badge-email" label="Email" required error={errors.email?.message}>
            {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="off" />}
          </FormField>
          <FormField id="badge-phone" label="Phone" error={errors.phone?.message}>
            {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="off" />}
          </FormField>
        </div>
        {choosesExhibitor && (
          <FormField
            id="badge-exhibitor"
            label="Exhibitor"
            hint={
              exhibitorPlace && !noPlace
                ? `${placesText(exhibitorPlace)} in this category for this exhibitor.`
                : 'The badge then counts against that exhibitor’s allocation. Leave empty for a badge of the organiser.'
            }
            error={
              errors.exhibitorId?.message ?? (noPlace ? `${noPlace} for this exhibitor in this category` : undefined)
            }
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('exhibitorId')} className="sm:w-80">
                <option value="">No exhibitor</option>
                {exhibitors.map((exhibitor) => (
                  <option key={exhibitor.id} value={exhibitor.id}>
                    {exhibitor.companyName ?? exhibitor.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}
      </section>

      {active.length > 0 && (
        <section className="grid gap-4" aria-labelledby="badge-answers">
          <h2 id="badge-answers" className="text-sm font-semibold">
            Registration details
          </h2>
          {active.map((field) => (
            <AnswerField
              key={field.id}
              field={field}
              control={form.control}
              idPrefix="badge"
              storedFileName={stored.get(field.key)?.file?.name}
            />
          ))}
        </section>
      )}

      {consent && (
        <Controller
          control={form.control}
          name="leadConsent"
          render={({ field }) => (
            <div className="flex items-start gap-3 rounded-lg border p-3">
              <Checkbox
                id="badge-lead-consent"
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
              <Label htmlFor="badge-lead-consent" className="grid gap-1 leading-snug font-normal">
                <span className="whitespace-pre-line">{consent.wording}</span>
                <span className="text-xs text-muted-foreground">Tick only if the holder agreed to this.</span>
              </Label>
            </div>
          )}
        />
      )}

      {!badge && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('sendConfirmation')} className="size-4 accent-primary" />
          Email the badge to the holder
        </label>
      )}

      <PageFormActions
        pending={create.isPending || update.isPending}
        disabled={noPlace !== null}
        submitLabel={badge ? 'Save changes' : 'Register badge'}
        cancelTo={cancelTo}
      />
    </form>
  );
}
