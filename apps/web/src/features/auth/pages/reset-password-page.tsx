import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@portal/shared/passwords';
import { CircleCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { apiErrorBody } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthSubmitButton } from '../components/auth-submit-button';

const schema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    message: 'The passwords do not match',
    path: ['confirmation'],
  });

/** /reset-password/:token: the link from a reset email; a new password ends every session. */
export function ResetPasswordPage() {
  const token = useParams().token ?? '';
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmation: '' } });
  const { errors } = form.formState;
  const linkRefused = apiErrorBody(reset.error)?.details?.some((detail) => detail.field === 'token') ?? false;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      applyServerErrors(error, form.setError, ['password'], 'The password could not be changed. Please try again.');
    }
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Password changed" description="You can sign in with your new password.">
        <div className="grid gap-5">
          <div role="status" className="flex gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground">
            <CircleCheckIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <div className="grid gap-1">
              <p className="font-medium">Your password has been changed.</p>
              <p className="text-muted-foreground">For your security you have been signed out everywhere.</p>
            </div>
          </div>
          <Button asChild size="lg" className="w-full">
            <Link to={paths.login.href()}>Sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" description="Choose the password you will sign in with from now on.">
      <form noValidate className="grid gap-5" onSubmit={submit}>
        <FormAlert message={errors.root?.server?.message} />
        {linkRefused && (
          <p className="-mt-2 text-sm">
            <Link to={paths.forgotPassword.href()} className="font-medium text-primary hover:underline">
              Ask for a new link
            </Link>
          </p>
        )}
        <FormField
          id="reset-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with letters and at least one digit or symbol.`}
          error={errors.password?.message}
        >
          {(control) => (
            <Input {...control} {...form.register('password')} type="password" autoComplete="new-password" autoFocus />
          )}
        </FormField>
        <FormField id="reset-confirmation" label="Repeat the new password" error={errors.confirmation?.message}>
          {(control) => (
            <Input {...control} {...form.register('confirmation')} type="password" autoComplete="new-password" />
          )}
        </FormField>
        <AuthSubmitButton pending={reset.isPending} pendingLabel="Saving">
          Change password
        </AuthSubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
            Back to sign-in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
