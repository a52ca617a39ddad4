import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppProvider } from './provider';
import { router } from './router';

export function App() {
  return (
    <ErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </ErrorBoundary>
  );
}
