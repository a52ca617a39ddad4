import { SwitchField } from '@/components/form/switch-field';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PortalEvent } from '@portal/shared/events';
import {
  LEAD_PURGE_REMINDER_DAYS,
  leadSettingsBodySchema,
  MAX_LEAD_RETENTION_DAYS,
  type LeadReleasableField,
  type LeadSettingsBody,
  type LeadSettingsWithFields,
} from '@portal/shared/leads';
import { LockIcon } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { useUpdateLeadSettings } from '../api/update-lead-settings';
import { leadPurgeDay } from '../lib/purge-day';

const MISSING_WORDING = 'Give the question visitors are asked';

/** The body's rules, with the wording as the textarea holds it (text, empty when none) and the question required when asked. */
const formSchema = leadSettingsBodySchema
  .extend({
    consentWording: z.string().trim().max(1000, 'At most 1000 characters'),
    retentionDays: z
      .number({ error: 'Give a number of days' })
      .int('Give whole days')
      .min(1, 'At least 1 day')
      .max(MAX_LEAD_RETENTION_DAYS, `At most ${MAX_LEAD_RETENTION_DAYS} days`),
  })
  .superRefine((values, ctx) => {
    if (values.askConsent && !values.consentWording) {
      ctx.addIssue({ code: 'custom', message: MISSING_WORDING, path: ['consentWording'] });
    }
  });
type FormValues = z.infer<typeof formSchema>;

/**
 * The saved settings as the form edits them. A released field that can no longer be released (a
 * question deleted or marked private since) is left out, so that saving drops it rather than failing.
 */
function formValues(settings: LeadSettingsWithFields): FormValues {
  const releasable = new Set(settings.fields.filter((f) => f.releasable && !f.alwaysReleased).map((f) => f.key));
  return {
    releasedFields: settings.releasedFields.filter((key) => releasable.has(key)),
    askConsent: settings.askConsent,
    consentWording: settings.consentWording ?? '',
    retentionDays: settings.retentionDays,
    scanningByDefault: settings.scanningByDefault,
  };
}

function requestBody(values: FormValues): LeadSettingsBody {
  return { ...values, consentWording: values.consentWording || null };
}

type LeadSettingsFormProps = {
  event: Pick<PortalEvent, 'id' | 'startDate' | 'endDate' | 'timezone'>;
  settings: LeadSettingsWithFields;
};

/** What a scan gives exhibitors, the visitors' consent question, how long leads are kept, and whether exhibitors scan by default. */
export function LeadSettingsForm({ event, settings }: LeadSettingsFormProps) {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: formValues(settings) });
  const save = useUpdateLeadSettings(event.id);
  const { errors, isDirty } = form.formState;
  const askConsent = useWatch({ control: form.control, name: 'askConsent' });
  const retentionDays = useWatch({ control: form.control, name: 'retentionDays' });
  const purgeDay = leadPurgeDay(event, retentionDays);
  const timeZone = event.timezone.replaceAll('_', ' ');

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(requestBody(values));
      form.reset(formValues(saved));
      toast.success(
        saved.consentVersion > settings.consentVersion && saved.askConsent
          ? `Lead settings saved. Visitors now see version ${saved.consentVersion} of the consent question.`
          : 'Lead settings saved',
      );
    } catch (error) {
      applyServerErrors(error, form.setError, [
        'releasedFields',
        'askConsent',
        'consentWording',
        'retentionDays',
        'scanningByDefault',
      ]);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Lead settings">
      <FormAlert message={errors.root?.server?.message} />

      <fieldset className="grid gap-2" aria-describedby="lead-released-hint">
        <legend className="mb-1 text-sm font-medium">What a scan gives exhibitors</legend>
        <p id="lead-released-hint" className="text-xs text-muted-foreground">
          Name and company always. Tick what else exhibitors receive from a visitor’s badge.
          {askConsent && ' A visitor who did not consent gives name and company only.'}
        </p>
        <Controller
          control={form.control}
          name="releasedFields"
          render={({ field }) => (
            <ul className="grid gap-1 rounded-lg border p-2 sm:grid-cols-2">
              {settings.fields.map((choice) => (
                <ReleaseChoice
                  key={choice.key}
                  choice={choice}
                  checked={choice.alwaysReleased || field.value.includes(choice.key)}
                  onChange={(checked) =>
                    field.onChange(checked ? [...field.value, choice.key] : field.value.filter((key) => key !== choice.key))
                  }
                />
              ))}
            </ul>
          )}
        />
        {errors.releasedFields && (
          <p className="text-xs font-medium text-destructive">
            {errors.releasedFields.message ?? errors.releasedFields.root?.message}
          </p>
        )}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Consent at registration</legend>
        <SwitchField
          control={form.control}
          name="askConsent"
          id="lead-askConsent"
          label="Ask visitors for consent"
          description="Visitors registering through a link are asked whether exhibitors who scan their badge may receive their contact details. Unticked unless they tick it."
        />
        {askConsent && (
          <FormField
            id="lead-consent-wording"
            label="The question visitors see"
            required
            error={errors.consentWording?.message}
            hint={
              settings.consentVersion === 0
                ? 'This wording becomes version 1.'
                : `Now version ${settings.consentVersion}. A new wording becomes version ${settings.consentVersion + 1}; each visitor’s consent keeps the version they agreed to.`
            }
          >
            {(control) => (
              <Textarea
                {...control}
                {...form.register('consentWording')}
                rows={3}
                placeholder="I agree that exhibitors who scan my badge receive my contact details."
              />
            )}
          </FormField>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="lead-retention-days"
          label="Keep leads for (days after the event)"
          required
          error={errors.retentionDays?.message}
          hint={
            purgeDay
              ? `Leads are deleted on ${formatDate(purgeDay)} at 00:00 (${timeZone}). Exhibitors are reminded ${LEAD_PURGE_REMINDER_DAYS} days before.`
              : 'Counted from the day after the event ends, once its dates are set.'
          }
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('retentionDays', { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LEAD_RETENTION_DAYS}
              className="sm:max-w-40"
            />
          )}
        </FormField>
        <SwitchField
          control={form.control}
          name="scanningByDefault"
          id="lead-scanningByDefault"
          label="Exhibitors scan leads"
          description="The default for every exhibitor; turn it on or off for one of them below. Off, scanning is sold: an add-on category that sells lead scanning gives one seat per unit bought."
        />
      </div>

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={!isDirty || save.isPending} onClick={() => form.reset()}>
          Undo changes
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending && <Spinner size="sm" tone="current" label="Saving" />}
          Save lead settings
        </Button>
      </div>
    </form>
  );
}

/** One field of the release list: a checkbox, or a disabled one saying why it is always or never sent. */
function ReleaseChoice({
  choice,
  checked,
  onChange,
}: {
  choice: LeadReleasableField;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = `lead-release-${choice.key.replace(':', '-')}`;
  const fixed = choice.alwaysReleased || !choice.releasable;
  const note = choice.alwaysReleased ? 'Always sent' : (choice.reason ?? choice.categoryName);
  return (
    <li className="flex items-start gap-2 rounded-md p-1.5 hover:bg-muted/50">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={checked}
        disabled={fixed}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      <Label htmlFor={id} className="grid gap-0.5 leading-snug font-normal peer-disabled:cursor-not-allowed">
        <span className={fixed && !choice.alwaysReleased ? 'text-muted-foreground' : 'font-medium'}>{choice.label}</span>
        {note && (
          <span id={`${id}-note`} className="flex items-center gap-1 text-xs text-muted-foreground">
            {!choice.releasable && <LockIcon aria-hidden className="size-3 shrink-0" />}
            {note}
          </span>
        )}
      </Label>
    </li>
  );
}

