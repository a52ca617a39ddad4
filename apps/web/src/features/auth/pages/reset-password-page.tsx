import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { apiErrorBody } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { NewPasswordFields, newPasswordSchema } from '../components/new-password-fields';

/** /reset-password/:token: the link from a reset email; a new password ends every session. */
export function ResetPasswordPage() {
  const token = useParams().token ?? '';
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmation: '' } });
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
          <AuthNotice icon={CircleCheckIcon} iconClassName="text-success" title="Your password has been changed.">
            For your security you have been signed out everywhere.
          </AuthNotice>
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
        <NewPasswordFields
          idPrefix="reset"
          label="New password"
          repeatLabel="Repeat the new password"
          register={form.register}
          errors={errors}
        />
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
