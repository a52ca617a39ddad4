import { zodResolver } from '@hookform/resolvers/zod';
import {
  BADGE_TYPE_LABELS,
  BADGE_TYPES,
  CATEGORY_TYPES,
  createBadgeCategoryBodySchema,
  type BadgeCategory,
  MAX_UNIT_PRICE,
  type BadgeType,
  type CreateBadgeCategoryBody,
} from '@portal/shared/badge-categories';
import { boundedIntText, MAX_SORT_ORDER } from '@portal/shared/common';
import type { PortalEvent } from '@portal/shared/events';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateBadgeCategory } from '../api/create-badge-category';
import { useUpdateBadgeCategory } from '../api/update-badge-category';
import { currencyExponent } from '@portal/shared/currencies';
import { exampleAmount, minorUnitsFromMoney, moneyFromMinorUnits } from '@portal/shared/money';
import { EventOptions } from '@/components/event-options';
import { vatRateSchema } from '@portal/shared/vat';
import { rateFromText, rateToText } from '@/lib/vat-rate-text';

const FIELDS = [
  'eventId',
  'name',
  'displayName',
  'type',
  'badgeType',
  'unitPrice',
  'vatRate',
  'isActive',
  'sortOrder',
  'description',
  'grantsLeadScanning',
] as const;

/**
 * The price is typed as money in the event's currency, with its decimals (none for JPY, three for
 * KWD), and sent in its minor unit; the rest goes through the API's schema.
 */
const formSchema = (currency: string) =>
  z
    .object({
      eventId: z.string().min(1, 'Choose an event'),
      // Checked here too, not only in the API's schema below: that runs only once the rest is valid.
      name: createBadgeCategoryBodySchema.shape.name,
      displayName: z.string(),
      type: z.enum(CATEGORY_TYPES),
      badgeType: z.enum(BADGE_TYPES),
      unitPrice: z
        .string()
        .refine(
          (value) => minorUnitsFromMoney(value, currency) !== null,
          `Enter an amount such as ${exampleAmount(currency)}`,
        )
        .refine(
          (value) => (minorUnitsFromMoney(value, currency) ?? 0) <= MAX_UNIT_PRICE,
          `At most ${moneyFromMinorUnits(MAX_UNIT_PRICE, currency)}`,
        ),
      vatRate: z.string().transform(rateFromText).pipe(vatRateSchema.nullable()),
      isActive: z.boolean(),
      sortOrder: boundedIntText(0, MAX_SORT_ORDER),
      description: z.string(),
      grantsLeadScanning: z.boolean(),
    })
    .transform((values): CreateBadgeCategoryBody => ({
      ...values,
      // Hidden for a badge category, which cannot sell scanning: never sent as on from there.
      grantsLeadScanning: values.type === 'addon' && values.grantsLeadScanning,
      eventId: Number(values.eventId),
      unitPrice: minorUnitsFromMoney(values.unitPrice, currency) ?? 0,
      sortOrder: Number(values.sortOrder),
    }))
    .pipe(createBadgeCategoryBodySchema);

type FormSchema = ReturnType<typeof formSchema>;
type FormValues = z.input<FormSchema>;

type BadgeCategoryFormProps = {
  category: BadgeCategory | null;
  events: readonly PortalEvent[];
  /** The event a new category belongs to, when the list shows one event. */
  eventId: number | null;
  /** A badge type the user may choose; a VIP admin only vip. */
  badgeTypes: readonly BadgeType[];
  onSaved: () => void;
};

/** Creates a badge category or add-on, or edits the one given. */
export function BadgeCategoryForm({ category, events, eventId, badgeTypes, onSaved }: BadgeCategoryFormProps) {
  const create = useCreateBadgeCategory();
  const update = useUpdateBadgeCategory();
  const currencyOf = (eventIdText: string) =>
    category?.currency ?? events.find((event) => String(event.id) === eventIdText)?.currency ?? '';
  const initialEventId = String(category?.eventId ?? eventId ?? (events.length === 1 ? events[0]!.id : ''));
  const form = useForm<FormValues, unknown, z.output<FormSchema>>({
    // The price's decimals follow the event chosen at the moment of submitting.
    resolver: (values, context, options) =>
      zodResolver(formSchema(currencyOf(values.eventId)))(values, context, options),
    defaultValues: {
      eventId: initialEventId,
      name: category?.name ?? '',
      displayName: category?.displayName ?? '',
      type: category?.type ?? 'badge',
      badgeType: category?.badgeType ?? badgeTypes[0] ?? 'exhibitor',
      unitPrice: moneyFromMinorUnits(category?.unitPrice ?? 0, currencyOf(initialEventId)),
      vatRate: rateToText(category?.vatRate ?? null),
      isActive: category?.isActive ?? true,
      sortOrder: String(category?.sortOrder ?? 0),
      description: category?.description ?? '',
      grantsLeadScanning: category?.grantsLeadScanning ?? false,
    },
  });
  const { errors } = form.formState;
  const watchedEvent = useWatch({ control: form.control, name: 'eventId' });
  const isAddon = useWatch({ control: form.control, name: 'type' }) === 'addon';
  const currency = currencyOf(watchedEvent);

  const submit = form.handleSubmit(async ({ eventId: _eventId, type: _type, ...rest }) => {
    try {
      if (category) await update.mutateAsync({ id: category.id, body: rest });
      else await create.mutateAsync({ eventId: _eventId, type: _type, ...rest });
      toast.success(category ? 'Badge category updated' : 'Badge category created');
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      {!category && events.length > 1 && (
        <FormField id="category-event" label="Event" required error={errors.eventId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('eventId')}>
              <EventOptions events={events} empty="Choose an event" />
            </NativeSelect>
          )}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="category-name" label="Name" required error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
        </FormField>
        <FormField
          id="category-display-name"
          label="Display name"
          hint="Printed on the badge when it differs from the name."
          error={errors.displayName?.message}
        >
          {(control) => <Input {...control} {...form.register('displayName')} autoComplete="off" />}
        </FormField>
        {!category && (
          <FormField
            id="category-type"
            label="Kind"
            hint="Add-ons, such as parking, are assigned to badges."
            error={errors.type?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('type')}>
                <option value="badge">Badge</option>
                <option value="addon">Add-on</option>
              </NativeSelect>
            )}
          </FormField>
        )}
        <FormField id="category-badge-type" label="Badge type" required error={errors.badgeType?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('badgeType')}>
              {badgeTypes.map((type) => (
                <option key={type} value={type}>
                  {BADGE_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="category-price"
          label={currency ? `Price of an extra badge (${currency})` : 'Price of an extra badge'}
          hint="What an exhibitor pays for one more; 0 for free."
          error={errors.unitPrice?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('unitPrice')}
              inputMode={currencyExponent(currency) === 0 ? 'numeric' : 'decimal'}
              placeholder={moneyFromMinorUnits(0, currency)}
            />
          )}
        </FormField>
        <FormField
          id="category-vat-rate"
          label="VAT rate (%)"
          hint="Empty: the event’s default rate, set on its Invoicing page."
          error={errors.vatRate?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('vatRate')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="Event default"
            />
          )}
        </FormField>
        <FormField id="category-order" label="Order" hint="Lower numbers come first." error={errors.sortOrder?.message}>
          {(control) => <Input {...control} {...form.register('sortOrder')} inputMode="numeric" />}
        </FormField>
      </div>
      <FormField id="category-description" label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} {...form.register('description')} rows={3} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('isActive')} className="size-4 accent-primary" />
        Active: badges can be registered in it
      </label>
      {isAddon && (
        <Controller
          control={form.control}
          name="grantsLeadScanning"
          render={({ field }) => (
            <div className="flex items-start gap-3 rounded-lg border p-3">
              <Switch
                id="category-grants-lead-scanning"
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby="category-grants-lead-scanning-hint"
              />
              <Label htmlFor="category-grants-lead-scanning" className="grid gap-0.5 leading-snug font-normal">
                <span className="font-medium">
                  Sells lead scanning — each unit lets one member of the exhibitor’s staff scan leads
                </span>
                <span id="category-grants-lead-scanning-hint" className="text-xs text-muted-foreground">
                  Where the event’s lead scanning is off by default, exhibitors buy it as this add-on and give each
                  seat to one of their staff.
                </span>
              </Label>
            </div>
          )}
        />
      )}
      {errors.grantsLeadScanning?.message && (
        <p role="alert" className="text-sm text-destructive">
          {errors.grantsLeadScanning.message}
        </p>
      )}
      <FormActions
        pending={create.isPending || update.isPending}
        submitLabel={category ? 'Save changes' : 'Create category'}
      />
    </form>
  );
}
