import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { onSessionEnded } from '@/lib/api-client';
import { signOut } from '@/lib/sign-out';
import { AppProvider } from './provider';
import { router } from './router';

// A refresh that fails has cleared the session; signing out finishes the job and shows the login route.
onSessionEnded(() => void signOut());

export function App() {
  return (
    <ErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </ErrorBoundary>
  );
}
