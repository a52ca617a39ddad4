import { SwitchField } from '@/components/form/switch-field';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BADGE_TYPE_LABELS,
  BADGE_TYPES,
  type BadgeCategorySummary,
  type BadgeType,
} from '@portal/shared/badge-categories';
import type { CheckInList, CheckInListBody } from '@portal/shared/check-in';
import { textLine } from '@portal/shared/common';
import type { PortalEvent } from '@portal/shared/events';
import { CalendarRangeIcon, PlusIcon, XIcon } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isoToZonedLocal, timeZoneName, zonedLocalToIso } from '@/lib/event-time';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateCheckInList, useUpdateCheckInList } from '../api/lists';

const MAX_WINDOWS = 20;

const typeRule = z.object({
  admitted: z.boolean(),
  windows: z.array(z.object({ from: z.string(), to: z.string() })),
});

/** The windows of a type not admitted are left as typed and not judged: they are not sent. */
const listFormSchema = z
  .object({
    name: textLine(100),
    types: z.object(
      Object.fromEntries(BADGE_TYPES.map((type) => [type, typeRule])) as Record<BadgeType, typeof typeRule>,
    ),
    categoryIds: z.array(z.number().int()),
    scansExits: z.boolean(),
    allowsReentry: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const admitted = BADGE_TYPES.filter((type) => values.types[type].admitted);
    if (admitted.length === 0)
      ctx.addIssue({ code: 'custom', message: 'Admit at least one badge type', path: ['types'] });
    for (const type of admitted) {
      const { windows } = values.types[type];
      if (windows.length > MAX_WINDOWS) {
        ctx.addIssue({
          code: 'custom',
          message: `At most ${MAX_WINDOWS} windows per badge type`,
          path: ['types', type, 'windows'],
        });
      }
      windows.forEach((window, index) => {
        const path = ['types', type, 'windows', index];
        if (!window.from) ctx.addIssue({ code: 'custom', message: 'Give the start', path: [...path, 'from'] });
        if (!window.to) ctx.addIssue({ code: 'custom', message: 'Give the end', path: [...path, 'to'] });
        // datetime-local values compare correctly as text: same format, same clock.
        if (window.from && window.to && window.to <= window.from) {
          ctx.addIssue({ code: 'custom', message: 'The window must end after it starts', path: [...path, 'to'] });
        }
      });
    }
  });
export type ListFormValues = z.infer<typeof listFormSchema>;

/** A list's values for the form, its windows on the event's clock. */
export function listFormValues(list: CheckInList | null, timeZone: string): ListFormValues {
  const types = Object.fromEntries(
    BADGE_TYPES.map((type) => {
      const rule = list?.rules.find((r) => r.badgeType === type);
      return [
        type,
        {
          admitted: list ? rule !== undefined : type === 'visitor',
          windows: (rule?.windows ?? []).map((w) => ({
            from: isoToZonedLocal(w.from, timeZone),
            to: isoToZonedLocal(w.to, timeZone),
          })),
        },
      ];
    }),
  ) as ListFormValues['types'];
  return {
    name: list?.name ?? '',
    types,
    categoryIds: list?.categoryIds ?? [],
    scansExits: list?.scansExits ?? false,
    allowsReentry: list?.allowsReentry ?? false,
  };
}

/**
 * The request body: windows become instants read on the event's clock, and chosen categories of a
 * badge type no longer admitted are left out (they would admit nothing).
 */
export function listBody(
  values: ListFormValues,
  timeZone: string,
  categories: readonly Pick<BadgeCategorySummary, 'id' | 'badgeType'>[],
): CheckInListBody {
  const admitted = BADGE_TYPES.filter((type) => values.types[type].admitted);
  return {
    name: values.name,
    rules: admitted.map((badgeType) => ({
      badgeType,
      windows: values.types[badgeType].windows.map((w) => ({
        from: zonedLocalToIso(w.from, timeZone) ?? w.from,
        to: zonedLocalToIso(w.to, timeZone) ?? w.to,
      })),
    })),
    categoryIds: values.categoryIds.filter((id) => {
      const category = categories.find((c) => c.id === id);
      return !category || admitted.includes(category.badgeType);
    }),
    scansExits: values.scansExits,
    allowsReentry: values.allowsReentry,
  };
}

/** The next day of a `YYYY-MM-DD` date. */
function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

type ListFormProps = {
  event: Pick<PortalEvent, 'id' | 'timezone' | 'startDate' | 'endDate'>;
  list: CheckInList | null;
  categories: readonly BadgeCategorySummary[];
  onSaved: () => void;
};

/** Create or edit a check-in list: who is admitted, when (on the event's clock), and how exits and re-entry count. */
export function ListForm({ event, list, categories, onSaved }: ListFormProps) {
  const timeZone = event.timezone;
  const form = useForm<ListFormValues>({
    resolver: zodResolver(listFormSchema),
    defaultValues: listFormValues(list, timeZone),
  });
  const create = useCreateCheckInList(event.id);
  const update = useUpdateCheckInList(event.id);
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const types = useWatch({ control: form.control, name: 'types' });
  const admittedTypes = BADGE_TYPES.filter((type) => types[type].admitted);
  const offeredCategories = categories.filter((category) => admittedTypes.includes(category.badgeType));
  const scansExits = useWatch({ control: form.control, name: 'scansExits' });

  function fillFromEventDates() {
    if (!event.startDate || !event.endDate) return;
    const window = { from: `${event.startDate}T00:00`, to: `${nextDay(event.endDate)}T00:00` };
    for (const type of admittedTypes) {
      form.setValue(`types.${type}.windows`, [window], { shouldDirty: true });
    }
  }

  const submit = form.handleSubmit(async (values) => {
    const body = listBody(values, timeZone, categories);
    try {
      if (list) await update.mutateAsync({ id: list.id, body });
      else await create.mutateAsync(body);
      toast.success(list ? `${values.name} saved` : `${values.name} created`);
      onSaved();
    } catch (error) {
      // A rule's index on the server counts admitted types only: its errors go on the badge types as a whole.
      applyServerErrors(error, form.setError, [
        'name',
        'categoryIds',
        ['rules', 'types'],
        'scansExits',
        'allowsReentry',
      ]);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="check-in-list-name"
        label="Name"
        required
        error={errors.name?.message}
        hint="What the door sees, such as Main entrance or VIP lounge."
      >
        {(control) => <Input {...control} {...form.register('name')} placeholder="Main entrance" />}
      </FormField>

      <fieldset
        className="grid gap-3"
        aria-describedby={errors.types?.message ? 'check-in-list-types-error' : 'check-in-list-types-hint'}
      >
        <legend className="mb-1 text-sm font-medium">Admitted badges</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id="check-in-list-types-hint" className="text-xs text-muted-foreground">
            Times are in the event’s time zone,{' '}
            <strong className="font-medium text-foreground">{timeZoneName(timeZone)}</strong>. No time window: admitted
            at any time.
          </p>
          {event.startDate && event.endDate && admittedTypes.length > 0 && (
            <Button type="button" variant="outline" size="sm" onClick={fillFromEventDates}>
              <CalendarRangeIcon aria-hidden />
              Fill from the event’s dates
            </Button>
          )}
        </div>
        {errors.types?.message && (
          <p id="check-in-list-types-error" className="text-xs font-medium text-destructive">
            {errors.types.message}
          </p>
        )}
        <div className="grid gap-2">
          {BADGE_TYPES.map((type) => (
            <TypeRule
              key={type}
              type={type}
              control={form.control}
              admitted={types[type].admitted}
              errors={errors}
              timeZone={timeZone}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-2" aria-describedby="check-in-list-categories-hint">
        <legend className="mb-1 text-sm font-medium">Categories</legend>
        <p id="check-in-list-categories-hint" className="text-xs text-muted-foreground">
          None chosen: all categories of the admitted badge types.
        </p>
        {offeredCategories.length === 0 ? (
          <p className="text-sm text-muted-foreground">The admitted badge types have no categories yet.</p>
        ) : (
          <Controller
            control={form.control}
            name="categoryIds"
            render={({ field }) => (
              <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2">
                {offeredCategories.map((category) => {
                  const id = `check-in-list-category-${category.id}`;
                  return (
                    <div key={category.id} className="flex items-start gap-2 rounded-md p-1.5 hover:bg-muted/50">
                      <Checkbox
                        id={id}
                        className="mt-0.5"
                        checked={field.value.includes(category.id)}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked === true
                              ? [...field.value, category.id]
                              : field.value.filter((value) => value !== category.id),
                          )
                        }
                      />
                      <Label htmlFor={id} className="grid gap-0.5 leading-snug font-normal">
                        <span className="font-medium">{category.displayName ?? category.name}</span>
                        <span className="text-xs text-muted-foreground">{BADGE_TYPE_LABELS[category.badgeType]}</span>
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          />
        )}
        {errors.categoryIds?.message && (
          <p className="text-xs font-medium text-destructive">{errors.categoryIds.message}</p>
        )}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchField
          control={form.control}
          name="scansExits"
          id="check-in-list-scansExits"
          label="Scan exits too"
          description="The door records people leaving, so the figures show who is inside now."
        />
        <SwitchField
          control={form.control}
          name="allowsReentry"
          id="check-in-list-allowsReentry"
          label="Allow a second entry"
          description={
            scansExits ? 'A badge may come back in after leaving.' : 'A badge may be scanned in more than once.'
          }
        />
      </div>

      <FormActions pending={pending} submitLabel={list ? 'Save list' : 'Create list'} />
    </form>
  );
}

type TypeRuleProps = {
  type: BadgeType;
  control: Control<ListFormValues>;
  admitted: boolean;
  errors: FieldErrors<ListFormValues>;
  timeZone: string;
};

/** One badge type: admitted or not, and its time windows. */
function TypeRule({ type, control, admitted, errors, timeZone }: TypeRuleProps) {
  const windows = useFieldArray({ control, name: `types.${type}.windows` });
  const label = `${BADGE_TYPE_LABELS[type]} badges`;
  const id = `check-in-list-${type}`;
  const windowErrors = errors.types?.[type]?.windows;
  return (
    <div className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Controller
          control={control}
          name={`types.${type}.admitted`}
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox id={id} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
              <Label htmlFor={id}>{label} admitted</Label>
            </div>
          )}
        />
        {admitted && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Add time window for ${label.toLowerCase()}`}
            onClick={() => windows.append({ from: '', to: '' })}
          >
            <PlusIcon aria-hidden />
            Add time window
          </Button>
        )}
      </div>
      {admitted && windows.fields.length === 0 && <p className="text-xs text-muted-foreground">At any time.</p>}
      {admitted && windows.fields.length > 0 && (
        <div aria-hidden className="hidden grid-cols-[1fr_1fr_2.25rem] gap-2 text-xs text-muted-foreground sm:grid">
          <span>From</span>
          <span>To</span>
        </div>
      )}
      {admitted &&
        windows.fields.map((window, index) => {
          const fieldErrors = windowErrors?.[index];
          const prefix = `${id}-window-${index}`;
          return (
            <div key={window.id} className="grid grid-cols-[1fr_auto] items-start gap-2">
              <div className="grid gap-2 sm:grid-cols-2">
                {(['from', 'to'] as const).map((end) => (
                  <FormField
                    key={end}
                    id={`${prefix}-${end}`}
                    // Seen on a phone, where the two fields stack; the column heads name them on wider screens.
                    label={end === 'from' ? 'From' : 'To'}
                    error={fieldErrors?.[end]?.message}
                    className="gap-1 sm:[&>label]:sr-only"
                  >
                    {(props) => (
                      <Controller
                        control={control}
                        name={`types.${type}.windows.${index}.${end}`}
                        render={({ field }) => (
                          <Input
                            {...props}
                            {...field}
                            type="datetime-local"
                            aria-label={`${label}, window ${index + 1}, ${end}`}
                            title={`${end === 'from' ? 'From' : 'To'}, ${timeZoneName(timeZone)} time`}
                          />
                        )}
                      />
                    )}
                  </FormField>
                ))}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-5 sm:mt-0"
                aria-label={`Remove ${label.toLowerCase()} window ${index + 1}`}
                onClick={() => windows.remove(index)}
              >
                <XIcon aria-hidden />
              </Button>
            </div>
          );
        })}
      {admitted && windowErrors?.message && (
        <p className="text-xs font-medium text-destructive">{windowErrors.message}</p>
      )}
    </div>
  );
}

