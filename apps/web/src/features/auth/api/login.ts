import type { LoginBody, LoginResponse } from '@portal/shared/auth';
import { useState } from 'react';
import { postJson } from '@/lib/api-core';
import { startSession } from '@/lib/session';

export function login(body: LoginBody): Promise<LoginResponse> {
  // Sent with the light client, so that the login page loads neither axios nor the query cache;
  // a 401 here means wrong credentials, not an expired session: no refresh.
  return postJson<LoginResponse>('/admin/auth/login', body);
}

type LoginState = { isPending: boolean; error: unknown };

/** Signs in and starts the session; the state the form shows while it runs and after it failed. */
export function useLogin({ onSuccess }: { onSuccess: () => void }) {
  const [state, setState] = useState<LoginState>({ isPending: false, error: null });
  const mutate = (body: LoginBody) => {
    setState({ isPending: true, error: null });
    login(body).then(
      (response) => {
        setState({ isPending: false, error: null });
        startSession(response);
        onSuccess();
      },
      (error: unknown) => setState({ isPending: false, error: error ?? new Error('Sign-in failed') }),
    );
  };
  return { ...state, isError: state.error !== null, mutate };
}
