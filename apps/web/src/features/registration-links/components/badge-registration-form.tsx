import { zodResolver } from '@hookform/resolvers/zod';
import { whenParsed } from '@portal/shared/common';
import type { PublicCustomField } from '@portal/shared/custom-fields';
import type { LeadConsentQuestion } from '@portal/shared/leads';
import type { BadgeRegistered } from '@portal/shared/registration-links';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  AnswerField,
  badgeHolderFieldNames,
  badgeHolderForApi,
  badgeHolderShape,
} from '@/components/custom-fields/badge-holder';
import { addAnswerIssues, emptyAnswer } from '@/components/custom-fields/custom-field-rules';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { applyServerErrors } from '@/lib/form-errors';
import { useRegisterBadge } from '../api/register-badge';

/** The person's fields as the API checks them, and each answer by its field's rules. */
function formSchema(fields: readonly PublicCustomField[]) {
  return z
    .object({ ...badgeHolderShape, leadConsent: z.boolean() })
    .superRefine(
      (values, ctx) => addAnswerIssues(fields, values.customFieldValues, ctx),
      whenParsed('customFieldValues'),
    );
}

type FormSchema = ReturnType<typeof formSchema>;

/**
 * Someone registers a badge through a badge link: name and contact, then the category's custom
 * fields, every type included. `email`, when the link was sent to one person, is theirs and fixed.
 * Where the event asks (`consent`), a last checkbox, unticked and optional, asks to share the
 * person's contact details with the exhibitors who scan the badge, in the organiser's words.
 */
export function BadgeRegistrationForm({
  linkId,
  fields,
  email,
  consent,
  onRegistered,
}: {
  linkId: string;
  fields: readonly PublicCustomField[];
  email: string | null;
  consent: LeadConsentQuestion | null;
  onRegistered: (registered: BadgeRegistered) => void;
}) {
  const register = useRegisterBadge({ onSuccess: onRegistered });
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchema(fields)),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: email ?? '',
      phone: '',
      customFieldValues: Object.fromEntries(fields.map((field) => [field.key, emptyAnswer(field)])),
      leadConsent: false,
    },
  });
  const { errors } = form.formState;
  const fieldNames = badgeHolderFieldNames(fields);

  const submit = form.handleSubmit(async (values) => {
    const { holder, files } = badgeHolderForApi(fields, values);
    const body = consent ? { ...holder, leadConsent: values.leadConsent } : holder;
    try {
      await register.mutateAsync({ linkId, body, files });
    } catch (error) {
      applyServerErrors(error, form.setError, fieldNames, 'The registration could not be completed. Please try again.');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormAlert message={errors.root?.server?.message} />
      <section className="grid gap-4" aria-labelledby="register-person">
        <h2 id="register-person" className="text-sm font-semibold">
          Badge holder
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-first-name" label="First name" required error={errors.firstName?.message}>
            {(control) => <Input {...control} {...form.register('firstName')} autoComplete="given-name" autoFocus />}
          </FormField>
          <FormField id="register-last-name" label="Last name" required error={errors.lastName?.message}>
            {(control) => <Input {...control} {...form.register('lastName')} autoComplete="family-name" />}
          </FormField>
          <FormField
            id="register-email"
            label="Email"
            required
            hint={email ? 'This link was sent to this address.' : 'Your badge code is sent to this address.'}
            error={errors.email?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('email')}
                type="email"
                autoComplete="email"
                readOnly={email != null}
              />
            )}
          </FormField>
          <FormField id="register-phone" label="Phone" error={errors.phone?.message}>
            {(control) => <Input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />}
          </FormField>
        </div>
      </section>
      {fields.length > 0 && (
        <section className="grid gap-4" aria-labelledby="register-answers">
          <h2 id="register-answers" className="text-sm font-semibold">
            Registration details
          </h2>
          {fields.map((field) => (
            <AnswerField key={field.id} field={field} control={form.control} idPrefix="register" />
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
                id="register-lead-consent"
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
              <Label htmlFor="register-lead-consent" className="leading-snug font-normal whitespace-pre-line">
                {consent.wording}
              </Label>
            </div>
          )}
        />
      )}
      <Button type="submit" size="lg" disabled={register.isPending} className="w-full">
        {register.isPending && <Spinner size="sm" tone="current" label="Registering" />}
        Register badge
      </Button>
    </form>
  );
}
