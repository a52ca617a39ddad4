import { Suspense } from 'react';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RequireAuth } from './guards';
import { AppLayout } from './layout/app-layout';
import QueryProvider from './query-provider';

/** The signed-in area: the query cache, the session check and the frame, one chunk the login page does not load. */
export default function SignedInFrame() {
  return (
    <QueryProvider>
      <RequireAuth>
        <Suspense fallback={<FullPageSpinner />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    </QueryProvider>
  );
}
