import { zodResolver } from '@hookform/resolvers/zod';
import { roleBodySchema, type Role } from '@portal/shared/roles';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { PermissionPicker } from '@/components/permissions/permission-picker';
import { Input, Textarea } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateRole } from '../api/create-role';
import { usePermissions } from '../api/get-permissions';
import { useUpdateRole } from '../api/update-role';

const FIELDS = ['name', 'description', 'permissions'] as const;

/** Creates a role, or edits the one given; built-in roles keep their name. */
export function RoleForm({ role, onSaved }: { role: Role | null; onSaved: () => void }) {
  const permissions = usePermissions();
  const form = useForm({
    resolver: zodResolver(roleBodySchema),
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
    },
  });
  const create = useCreateRole();
  const update = useUpdateRole();
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (role) await update.mutateAsync({ id: role.id, body });
      else await create.mutateAsync(body);
      toast.success(role ? 'Role updated' : 'Role created');
      onSaved();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="role-name"
        label="Name"
        required
        hint={role?.isSystem ? 'Built-in roles keep their name.' : undefined}
        error={errors.name?.message}
      >
        {(control) => <Input {...control} {...form.register('name')} readOnly={role?.isSystem} />}
      </FormField>
      <FormField id="role-description" label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} {...form.register('description')} rows={2} />}
      </FormField>
      <div className="grid gap-1.5">
        <p id="role-permissions-label" className="text-sm font-medium">
          Permissions
        </p>
        {permissions.isError ? (
          <FormAlert message="The permission list could not be loaded. Close this form and try again." />
        ) : (
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <PermissionPicker
                offered={permissions.data?.map((permission) => permission.name)}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(errors.permissions)}
                describedBy={errors.permissions ? 'role-permissions-error' : undefined}
              />
            )}
          />
        )}
        {errors.permissions && (
          <p id="role-permissions-error" className="text-xs font-medium text-destructive">
            {errors.permissions.message ?? errors.permissions[0]?.message}
          </p>
        )}
      </div>
      <FormActions pending={pending} submitLabel={role ? 'Save changes' : 'Create role'} />
    </form>
  );
}
