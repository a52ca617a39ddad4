import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@portal/shared/auth';
import { CircleCheckIcon, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorBody } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { usePasswordResetCheck } from '../api/check-link';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { AuthNotice } from '../components/auth-notice';
import { AuthSubmitButton } from '../components/auth-submit-button';
import { NewPasswordFields, newPasswordSchema } from '../components/new-password-fields';

/**
 * /reset-password/:token: the link from a reset email; a new password ends every session. The link
 * is checked as the page opens, so that a used or expired one says so before a password is typed.
 */
export function ResetPasswordPage() {
  const token = useParams().token ?? '';
  const check = usePasswordResetCheck(token);
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

  if (check.isPending) {
    return (
      <AuthLayout title="Choose a new password" description="Checking your link…">
        <div className="flex justify-center py-6">
          <Spinner size="lg" label="Checking the link" />
        </div>
      </AuthLayout>
    );
  }

  // A check that failed (the network, too many requests) leaves the form: the reset itself will tell.
  if (check.data?.valid === false) {
    return (
      <AuthLayout title="This link no longer works" description="Ask for a new link to choose your password.">
        <div className="grid gap-5">
          <AuthNotice icon={LinkIcon} iconClassName="text-destructive" title={AUTH_MESSAGES.passwordResetInvalid}>
            A reset link works once, for a limited time, and only the newest one sent works.
          </AuthNotice>
          <Button asChild size="lg" className="w-full">
            <Link to={paths.forgotPassword.href()}>Ask for a new link</Link>
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
              Back to sign-in
            </Link>
          </p>
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
