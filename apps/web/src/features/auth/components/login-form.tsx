import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, loginBodySchema } from '@portal/shared/auth';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { throttleMessage } from './throttle-message';
import { AuthSubmitButton } from './auth-submit-button';
import { EmailField } from './email-field';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });
  const login = useLogin({ onSuccess });
  const { errors } = form.formState;

  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <FormAlert
        message={
          login.isError
            ? (throttleMessage(login.error) ?? errorMessage(login.error, AUTH_MESSAGES.loginFailed))
            : undefined
        }
      />
      <EmailField id="login-email" registration={form.register('email')} error={errors.email?.message} />
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              {...form.register('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="pr-10"
            />
            <button
              type="button"
              aria-pressed={showPassword}
              title={showPassword ? 'Hide characters' : 'Show characters'}
              onClick={() => setShowPassword((shown) => !shown)}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {showPassword ? (
                <EyeOffIcon aria-hidden className="size-4" />
              ) : (
                <EyeIcon aria-hidden className="size-4" />
              )}
              <span className="sr-only">{showPassword ? 'Hide characters' : 'Show characters'}</span>
            </button>
          </div>
        )}
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link to={paths.forgotPassword.href()} className="font-medium text-primary hover:underline">
          Forgot password?
        </Link>
      </p>
      <AuthSubmitButton pending={login.isPending} pendingLabel="Signing in">
        Sign in
      </AuthSubmitButton>
    </form>
  );
}
