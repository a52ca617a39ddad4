import { zodResolver } from '@hookform/resolvers/zod';
import { createAdminBodySchema, type Admin, type UpdateAdminBody } from '@portal/shared/admins';
import { passwordSchema, PASSWORD_MIN_LENGTH } from '@portal/shared/passwords';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { useCreateAdmin } from '../api/create-admin';
import { useCompanyOptions } from '../api/get-company-options';
import { useEventOptions } from '../api/get-event-options';
import { useExhibitorOptions } from '../api/get-exhibitor-options';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateAdmin } from '../api/update-admin';

const { firstName, lastName, email } = createAdminBodySchema.shape;

const placement = {
  roleIds: z.array(z.number()).min(1, 'Choose at least one role'),
  eventId: z.string(),
  companyId: z.string(),
  exhibitorId: z.string(),
  isActive: z.boolean(),
};

/** A new account gets a password now, or an invitation to choose one (as exhibitors do). */
const createSchema = z
  .object({ firstName, lastName, email, access: z.enum(['invite', 'password']), password: z.string(), ...placement })
  .superRefine((values, ctx) => {
    if (values.access !== 'password') return;
    const result = passwordSchema.safeParse(values.password);
    if (!result.success)
      ctx.addIssue({ code: 'custom', path: ['password'], message: result.error.issues[0]?.message ?? 'Invalid password' });
  });

/** On edit the password is a reset: left empty, it stays as it is. */
const editSchema = z.object({
  firstName,
  lastName,
  email,
  access: z.enum(['invite', 'password']),
  password: z.string().superRefine((value, ctx) => {
    if (value === '') return;
    const result = passwordSchema.safeParse(value);
    if (!result.success)
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid password' });
  }),
  ...placement,
});

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'roleIds',
  'eventId',
  'companyId',
  'exhibitorId',
  'isActive',
] as const;

const toId = (value: string) => (value === '' ? null : Number(value));

/** Creates an admin, or edits the one given. */
export function AdminForm({ admin, onSaved }: { admin: Admin | null; onSaved: () => void }) {
  const session = useSession();
  // Event-scoped admins place new accounts in their own event; the server enforces it.
  const choosesEvent = session?.user.eventId == null;
  const roles = useRoleOptions();
  const companies = useCompanyOptions();
  const events = useEventOptions({ enabled: choosesEvent });
  const create = useCreateAdmin();
  const update = useUpdateAdmin();
  const pending = create.isPending || update.isPending;
  const isSelf = admin?.id === session?.user.id;

  const form = useForm({
    resolver: zodResolver(admin ? editSchema : createSchema),
    defaultValues: {
      firstName: admin?.firstName ?? '',
      lastName: admin?.lastName ?? '',
      email: admin?.email ?? '',
      access: (admin ? 'password' : 'invite') as 'invite' | 'password',
      password: '',
      roleIds: admin?.roles.map((role) => role.id) ?? [],
      eventId: admin?.eventId?.toString() ?? '',
      companyId: admin?.companyId?.toString() ?? '',
      exhibitorId: admin?.exhibitorId?.toString() ?? '',
      isActive: admin?.isActive ?? true,
    },
  });
  const { errors } = form.formState;
  const access = useWatch({ control: form.control, name: 'access' });
  const roleIds = useWatch({ control: form.control, name: 'roleIds' });
  const chosenRoles = (roles.data ?? []).filter((role) => roleIds.includes(role.id));
  const needsParent = chosenRoles.some((role) => role.name.toLowerCase().includes('sub-account'));
  const exhibitorRoleId = roles.data?.find((role) => role.name === SYSTEM_ROLE_NAMES.exhibitor)?.id ?? null;
  const exhibitors = useExhibitorOptions(needsParent ? exhibitorRoleId : null);

  const eventOptions: { id: number; name: string }[] = [...(events.data ?? [])];
  if (admin?.eventId && !eventOptions.some((event) => event.id === admin.eventId)) {
    eventOptions.push({ id: admin.eventId, name: admin.eventName ?? `Event ${admin.eventId}` });
  }

  const submit = form.handleSubmit(async (values) => {
    const common = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      roleIds: values.roleIds,
      companyId: toId(values.companyId),
      exhibitorId: needsParent ? toId(values.exhibitorId) : null,
      ...(choosesEvent ? { eventId: toId(values.eventId) } : {}),
    };
    try {
      if (admin) {
        const body: UpdateAdminBody = {
          ...common,
          ...(values.password ? { password: values.password } : {}),
          ...(isSelf ? {} : { isActive: values.isActive }),
        };
        await update.mutateAsync({ id: admin.id, body });
      } else {
        await create.mutateAsync({ ...common, ...(values.access === 'password' ? { password: values.password } : {}) });
      }
      toast.success(
        admin
          ? 'Admin updated'
          : values.access === 'invite'
            ? `Admin created; an invitation is on its way to ${values.email}`
            : 'Admin created',
      );
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="admin-first-name" label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} {...form.register('firstName')} autoComplete="off" />}
        </FormField>
        <FormField id="admin-last-name" label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} {...form.register('lastName')} autoComplete="off" />}
        </FormField>
      </div>
      <FormField id="admin-email" label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="off" />}
      </FormField>
      {!admin && (
        <ChoiceGroup
          legend="Password"
          name="admin-access"
          register={form.register('access')}
          choices={[
            {
              value: 'invite',
              label: 'Send an invitation',
              description: 'The new admin gets an email with a link to choose their own password, valid for 7 days.',
            },
            { value: 'password', label: 'Set a password now', description: 'Pass it on to them yourself.' },
          ]}
        />
      )}
      {(admin || access === 'password') && (
        <FormField
          id="admin-password"
          label={admin ? 'New password' : 'Password'}
          required={!admin}
          hint={
            admin
              ? 'Leave empty to keep the current password. A new one signs the account out everywhere.'
              : `At least ${PASSWORD_MIN_LENGTH} characters, with a digit or symbol.`
          }
          error={errors.password?.message}
        >
          {(control) => <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" />}
        </FormField>
      )}

      <fieldset className="grid gap-2" aria-describedby={errors.roleIds ? 'admin-roles-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium">
          Roles
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        </legend>
        {roles.isPending ? (
          <Skeleton className="h-24" />
        ) : (
          <Controller
            control={form.control}
            name="roleIds"
            render={({ field }) => (
              <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2">
                {(roles.data ?? []).map((role) => {
                  const id = `admin-role-${role.id}`;
                  return (
                    <div key={role.id} className="flex items-start gap-2 rounded-md p-1.5 hover:bg-muted/50">
                      <Checkbox
                        id={id}
                        className="mt-0.5"
                        checked={field.value.includes(role.id)}
                        onCheckedChange={(checked) =>
                          field.onChange(
                            checked === true
                              ? [...field.value, role.id]
                              : field.value.filter((value) => value !== role.id),
                          )
                        }
                      />
                      <Label htmlFor={id} className="grid gap-0.5 leading-snug font-normal">
                        <span className="font-medium">{role.name}</span>
                        {role.description && <span className="text-xs text-muted-foreground">{role.description}</span>}
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          />
        )}
        {errors.roleIds && (
          <p id="admin-roles-error" className="text-xs font-medium text-destructive">
            {errors.roleIds.message}
          </p>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {choosesEvent && (
          <FormField
            id="admin-event"
            label="Event"
            hint="Leave as none for a portal-wide account."
            error={errors.eventId?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register('eventId')}>
                <option value="">No event</option>
                {eventOptions.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}
        <FormField id="admin-company" label="Company" error={errors.companyId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('companyId')}>
              <option value="">No company</option>
              {(companies.data ?? []).map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {needsParent && (
          <FormField id="admin-exhibitor" label="Parent exhibitor" required error={errors.exhibitorId?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('exhibitorId')}>
                <option value="">Choose an exhibitor</option>
                {(exhibitors.data ?? []).map((exhibitor) => (
                  <option key={exhibitor.id} value={exhibitor.id}>
                    {exhibitor.companyName ? `${exhibitor.companyName} (${exhibitor.name})` : exhibitor.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}
      </div>

      {admin && (
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-start gap-2 rounded-lg border p-3">
              <Checkbox
                id="admin-active"
                className="mt-0.5"
                checked={field.value}
                disabled={isSelf}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
              <Label htmlFor="admin-active" className="grid gap-0.5 leading-snug font-normal">
                <span className="font-medium">Active</span>
                <span className="text-xs text-muted-foreground">
                  {isSelf ? 'You cannot deactivate your own account.' : 'Inactive accounts cannot sign in.'}
                </span>
              </Label>
            </div>
          )}
        />
      )}

      <FormActions pending={pending} submitLabel={admin ? 'Save changes' : 'Create admin'} />
    </form>
  );
}
