import type { LoginBody } from '@portal/shared/auth';
import { AUTH_MESSAGES } from '@portal/shared/auth-messages';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { inputClasses } from '@/components/ui/field-classes';
import { errorMessage } from '@/lib/api-core';
import { cx } from '@/lib/class-names';
import { paths } from '@/config/paths';
import { whenIdle } from '@/lib/idle';
import { useLogin } from '../api/login';
import { throttleMessage } from './throttle-message';
import { AuthSubmitButton } from './auth-submit-button';
import { EmailField } from './email-field';

// The shared schema and its library are not needed to show the form: they load when the browser is idle, or on submit.
const loadSchema = () => import('@portal/shared/auth').then((m) => m.loginBodySchema);

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

async function validate(values: LoginBody): Promise<{ body: LoginBody } | { errors: FieldErrors }> {
  const parsed = (await loadSchema()).safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof LoginBody] ??= issue.message;
  return { errors };
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = useLogin({ onSuccess });
  useEffect(() => whenIdle(() => void loadSchema()), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await validate({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    login.mutate(result.body);
  };

  return (
    <form noValidate className="grid gap-5" onSubmit={(event) => void submit(event)}>
      <FormAlert
        message={
          login.isError
            ? (throttleMessage(login.error) ?? errorMessage(login.error, AUTH_MESSAGES.loginFailed))
            : undefined
        }
      />
      <EmailField id="login-email" registration={{ name: 'email' }} error={errors.email} />
      <FormField id="login-password" label="Password" error={errors.password}>
        {(control) => (
          <div className="relative">
            {/* Input's classes, joined plainly: the login page loads no class merging. */}
            <input
              {...control}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className={cx(inputClasses, 'pr-10')}
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
