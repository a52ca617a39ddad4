import { HomeIcon, LogOutIcon, RefreshCwIcon, RotateCcwIcon, TriangleAlertIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { loginRoute } from '@/lib/session';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n\n${error.stack ?? ''}`.trim();
  return String(error);
}

/** The generic error screen of spec §2. Part of the app's entry: its buttons are plain, with `Button`'s look. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  function logout() {
    const destination = loginRoute();
    localStorage.clear();
    sessionStorage.clear();
    window.location.assign(destination);
  }

  return (
    <div role="alert" className="flex min-h-[70vh] w-full items-center justify-center p-6">
      <div className="w-full max-w-lg rounded-xl border bg-card p-8 shadow-sm">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlertIcon aria-hidden className="size-6" />
        </div>
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          An unexpected error occurred and has been logged. You can try again, reload the page or go back home.
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          <button type="button" className={buttonVariants()} onClick={onRetry}>
            <RotateCcwIcon aria-hidden />
            Try Again
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => window.location.reload()}
          >
            <RefreshCwIcon aria-hidden />
            Reload Page
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => window.location.assign(paths.home.href())}
          >
            <HomeIcon aria-hidden />
            Go Home
          </button>
          <button type="button" className={buttonVariants({ variant: 'ghost' })} onClick={logout}>
            <LogOutIcon aria-hidden />
            Logout
          </button>
        </div>
        <details className="mt-6 rounded-md border bg-muted/40 text-sm">
          <summary className="cursor-pointer px-3 py-2 font-medium select-none">Show technical details</summary>
          <pre className="max-h-64 overflow-auto border-t px-3 py-2 text-xs whitespace-pre-wrap text-muted-foreground">
            {describe(error)}
          </pre>
        </details>
      </div>
    </div>
  );
}
