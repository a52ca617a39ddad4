import { MenuIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { BrandMark } from '@/components/layout/brand-mark';
import { PagePlaceholder } from '@/components/loading/page-placeholder';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { TooltipProvider } from '@/components/ui/tooltip';
import { IDLE_TIMEOUT_MS } from '@/config/app';
import { useIdleTimeout } from '@/hooks/use-idle-timeout';
import { useSession } from '@/lib/session';
import { signOut } from '@/lib/sign-out';
import { Sidebar } from './sidebar';
import { ThemeMenu } from './theme-menu';

/** The signed-in frame: sidebar (a sheet on narrow screens), top bar, and the page. */
export function AppLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useIdleTimeout(
    IDLE_TIMEOUT_MS,
    () => {
      toast.error('Session Expired', { description: 'You have been logged out due to inactivity.' });
      void signOut();
    },
    session != null,
  );

  if (!session) return null;
  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-background">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-sidebar-border bg-sidebar lg:block">
          <Sidebar session={session} />
        </aside>
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetContent>
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Navigate the portal</SheetDescription>
            <Sidebar session={session} onNavigate={() => setMenuOpen(false)} />
          </SheetContent>
        </Sheet>
        <div className="lg:pl-64">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/85 px-4 backdrop-blur sm:px-6">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open menu"
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon aria-hidden />
            </Button>
            <div className="flex min-w-0 items-center gap-2 lg:hidden">
              <BrandMark size="md" />
              <span className="truncate text-sm font-semibold">{session.user.event?.name ?? 'Exhibitor Portal'}</span>
            </div>
            <div className="ml-auto flex items-center gap-1">
              <ThemeMenu />
            </div>
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <ErrorBoundary key={pathname}>
              <Suspense key={pathname} fallback={<PagePlaceholder pathname={pathname} />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
