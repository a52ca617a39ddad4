import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_CURRENCY } from '@portal/shared/currencies';
import {
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  eventBodySchema,
  type EventBody,
  type PortalEvent,
} from '@portal/shared/events';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PageFormActions } from '@/components/form/page-form-actions';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateEvent } from '../api/create-event';
import { useEventCurrencies } from '../api/get-event-currencies';
import { useUpdateEvent } from '../api/update-event';

const FIELDS = [
  'name',
  'slug',
  'description',
  'startDate',
  'endDate',
  'venue',
  'city',
  'country',
  'timezone',
  'currency',
  'accountingEmail',
  'status',
] as const;

/**
 * The form holds strings; empty ones become "not given" and the result goes through the API's own
 * schema, so the client checks exactly what the server checks (end date not before start date too).
 */
const formSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    venue: z.string(),
    city: z.string(),
    country: z.string(),
    timezone: z.string(),
    currency: z.string(),
    accountingEmail: z.string(),
    status: z.enum(EVENT_STATUSES),
  })
  .transform(({ slug, startDate, endDate, ...rest }): EventBody => ({
    ...rest,
    slug: slug.trim() || undefined,
    startDate: startDate || null,
    endDate: endDate || null,
  }))
  .pipe(eventBodySchema);

type FormValues = z.input<typeof formSchema>;

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
const currencyNames = new Intl.DisplayNames(undefined, { type: 'currency' });

function defaults(event: PortalEvent | null): FormValues {
  return {
    name: event?.name ?? '',
    slug: event?.slug ?? '',
    description: event?.description ?? '',
    startDate: event?.startDate ?? '',
    endDate: event?.endDate ?? '',
    venue: event?.venue ?? '',
    city: event?.city ?? '',
    country: event?.country ?? '',
    timezone: event?.timezone ?? browserTimeZone(),
    currency: event?.currency ?? DEFAULT_CURRENCY,
    accountingEmail: event?.accountingEmail ?? '',
    status: event?.status ?? 'draft',
  };
}

/** Creates an event, or edits the one given; `onSaved` receives the saved event. */
export function EventForm({
  event,
  onSaved,
  cancelTo,
}: {
  event: PortalEvent | null;
  onSaved: (event: PortalEvent) => void;
  cancelTo: string;
}) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(event),
  });
  const { errors } = form.formState;
  const timeZones = event && !TIME_ZONES.includes(event.timezone) ? [event.timezone, ...TIME_ZONES] : TIME_ZONES;
  // Only what the payment provider takes; the event's own stays shown so that the server can say why it no longer fits.
  const offered = useEventCurrencies().data?.currencies.map((currency) => currency.code) ?? [];
  const current = event?.currency ?? DEFAULT_CURRENCY;
  const currencies = offered.includes(current) ? offered : [current, ...offered];

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = event ? await update.mutateAsync({ id: event.id, body }) : await create.mutateAsync(body);
      toast.success(event ? 'Event updated' : 'Event created');
      onSaved(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <FormAlert message={errors.root?.server?.message} />
      <section className="grid gap-4" aria-labelledby="event-about">
        <h2 id="event-about" className="text-sm font-semibold">
          About the event
        </h2>
        <FormField id="event-name" label="Name" required error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
        </FormField>
        <FormField
          id="event-slug"
          label="Slug"
          hint="The event’s short name in web addresses. Leave empty to make one from the name."
          error={errors.slug?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('slug')} autoComplete="off" placeholder="example-trade-fair" />
          )}
        </FormField>
        <FormField id="event-description" label="Description" error={errors.description?.message}>
          {(control) => <Textarea {...control} {...form.register('description')} rows={4} />}
        </FormField>
        <FormField
          id="event-status"
          label="Status"
          hint="Archive an event once it is over; only an archived event with exhibitors can be deleted."
          error={errors.status?.message}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('status')} className="sm:w-auto sm:min-w-60">
              {EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {EVENT_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </section>

      <section className="grid gap-4" aria-labelledby="event-when">
        <h2 id="event-when" className="text-sm font-semibold">
          When
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="event-start" label="Start date" error={errors.startDate?.message}>
            {(control) => <Input {...control} {...form.register('startDate')} type="date" />}
          </FormField>
          <FormField id="event-end" label="End date" error={errors.endDate?.message}>
            {(control) => <Input {...control} {...form.register('endDate')} type="date" />}
          </FormField>
          <FormField
            id="event-timezone"
            label="Time zone"
            required
            hint="Opening hours and deadlines are read in this time zone."
            error={errors.timezone?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('timezone')}>
                {timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            id="event-currency"
            label="Currency"
            required
            hint="Prices of badges and add-ons are in this currency."
            error={errors.currency?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('currency')}>
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {code} · {currencyNames.of(code) ?? code}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
      </section>

      <section className="grid gap-4" aria-labelledby="event-where">
        <h2 id="event-where" className="text-sm font-semibold">
          Where
        </h2>
        <FormField id="event-venue" label="Venue" error={errors.venue?.message}>
          {(control) => <Input {...control} {...form.register('venue')} autoComplete="off" />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="event-city" label="City" error={errors.city?.message}>
            {(control) => <Input {...control} {...form.register('city')} autoComplete="off" />}
          </FormField>
          <FormField id="event-country" label="Country" error={errors.country?.message}>
            {(control) => <Input {...control} {...form.register('country')} autoComplete="off" />}
          </FormField>
        </div>
      </section>

      <section className="grid gap-4" aria-labelledby="event-billing">
        <h2 id="event-billing" className="text-sm font-semibold">
          Billing
        </h2>
        <FormField
          id="event-accounting-email"
          label="Accounting email"
          hint="Receives a copy of every invoice and credit note of the event."
          error={errors.accountingEmail?.message}
        >
          {(control) => <Input {...control} {...form.register('accountingEmail')} type="email" autoComplete="off" />}
        </FormField>
      </section>

      <PageFormActions
        pending={create.isPending || update.isPending}
        submitLabel={event ? 'Save changes' : 'Create event'}
        cancelTo={cancelTo}
      />
    </form>
  );
}
