import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';

/**
 * Renders a screen at a path, with its own query cache (answers stale at once, unless `staleTime`
 * gives the app's) and the routes a test needs around it.
 */
export function renderRoute(
  path: string,
  routes: { path: string; element: ReactNode }[],
  { staleTime = 0 }: { staleTime?: number } = {},
): { router: ReturnType<typeof createMemoryRouter> } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { router };
}

/** Sets a field's value in one change event: typing letter by letter is slow in jsdom on large forms. */
export function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}
