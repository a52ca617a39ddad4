import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@portal/shared/passwords';
import { updateSubAccountBodySchema } from '@portal/shared/sub-accounts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateSubAccount } from '../api/update-sub-account';

const schema = z.object({ password: updateSubAccountBodySchema.shape.password.unwrap() });

/** Sets a new password for a sub-account, in a dialog. */
export function ResetPasswordForm({ subAccountId, onDone }: { subAccountId: number; onDone: () => void }) {
  const update = useUpdateSubAccount();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await update.mutateAsync({ id: subAccountId, body: { password } });
      toast.success('Password changed');
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['password']);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="reset-password"
        label="New password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a digit or symbol.`}
        error={errors.password?.message}
      >
        {(control) => (
          <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" autoFocus />
        )}
      </FormField>
      <FormActions pending={update.isPending} submitLabel="Change password" />
    </form>
  );
}
