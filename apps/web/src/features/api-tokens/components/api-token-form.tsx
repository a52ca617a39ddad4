import { zodResolver } from '@hookform/resolvers/zod';
import { createApiTokenBodySchema, type CreatedApiToken } from '@portal/shared/api-tokens';
import { isCalendarDate } from '@portal/shared/common';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PermissionPicker } from '@/components/permissions/permission-picker';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateApiToken } from '../api/api-tokens';

const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: 'One year' },
  { value: 'date', label: 'On a date' },
  { value: 'never', label: 'Never', description: 'Until you revoke it' },
] as const;

/** The end of a calendar day on the reader's clock, as the instant the API takes. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

/** Name and permissions as the API checks them; the expiry as a choice, turned into an instant on submit. */
const tokenFormSchema = z
  .object({
    name: createApiTokenBodySchema.shape.name,
    permissions: z.array(z.string()).min(1, 'Choose at least one permission'),
    expiry: z.enum(EXPIRY_CHOICES.map((choice) => choice.value)),
    date: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.expiry !== 'date') return;
    if (!isCalendarDate(values.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date' });
    else if (Date.parse(endOfDay(values.date)) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a date in the future' });
  });
type TokenFormValues = z.infer<typeof tokenFormSchema>;

function expiresAt({ expiry, date }: TokenFormValues, now = Date.now()): string | null {
  if (expiry === 'never') return null;
  if (expiry === 'date') return endOfDay(date);
  return new Date(now + Number(expiry) * 86_400_000).toISOString();
}

/** A new API token: its name, some of the user's own permissions, and when it stops working. */
export function ApiTokenForm({ held, onCreated }: { held: readonly string[]; onCreated: (created: CreatedApiToken) => void }) {
  const form = useForm<TokenFormValues>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: { name: '', permissions: [], expiry: '90', date: '' },
  });
  const create = useCreateApiToken();
  const { errors } = form.formState;
  const expiry = useWatch({ control: form.control, name: 'expiry' });

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync({ name: values.name, permissions: values.permissions, expiresAt: expiresAt(values) }));
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'permissions', ['expiresAt', 'date']]);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="api-token-name"
        label="Name"
        required
        error={errors.name?.message}
        hint="What uses it, such as CRM sync: the list shows it."
      >
        {(control) => <Input {...control} {...form.register('name')} placeholder="CRM sync" />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.permissions ? 'api-token-permissions-error' : 'api-token-permissions-hint'}>
        <legend className="mb-1 text-sm font-medium">
          Permissions
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        </legend>
        <p id="api-token-permissions-hint" className="text-xs text-muted-foreground">
          Only permissions you hold; choose as few as the program needs. If you lose one later, the token loses it too.
        </p>
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => <PermissionPicker offered={held} value={field.value} onChange={field.onChange} />}
        />
        {errors.permissions && (
          <p id="api-token-permissions-error" className="text-xs font-medium text-destructive">
            {errors.permissions.message}
          </p>
        )}
      </fieldset>
      <ChoiceGroup legend="Expires" name="api-token-expiry" register={form.register('expiry')} choices={EXPIRY_CHOICES} />
      {expiry === 'date' && (
        <FormField id="api-token-date" label="Last day" required error={errors.date?.message} hint="It stops working at the end of this day.">
          {(control) => <Input {...control} type="date" {...form.register('date')} className="sm:max-w-48" />}
        </FormField>
      )}
      <FormActions pending={create.isPending} submitLabel="Create token" />
    </form>
  );
}
