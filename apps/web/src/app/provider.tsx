import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/idle';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster is not part of the first paint: it loads when the browser is idle. A toast raised
 * before then waits and is shown once it has loaded (sonner replays active toasts to a new toaster).
 */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const idle = useIdle();
  return (
    <>
      {children}
      {idle && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
