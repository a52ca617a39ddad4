import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/idle';
import { lazyWithPreload } from '@/lib/lazy-page';

const Toaster = lazyWithPreload(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster is not part of the first paint: it loads when the browser is idle, and is rendered
 * once loaded, so that it never suspends: a suspending boundary, even with no fallback to show,
 * holds back every other boundary's reveal by React's throttle. A toast raised before then waits
 * and is shown once it has loaded (sonner replays active toasts to a new toaster).
 */
function useToasterLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => void Toaster.preload().then(() => live && setLoaded(true), () => undefined));
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return loaded;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const toaster = useToasterLoaded();
  return (
    <>
      {children}
      {toaster && <Toaster />}
    </>
  );
}
