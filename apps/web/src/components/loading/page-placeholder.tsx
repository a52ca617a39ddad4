import { Skeleton } from '@/components/ui/skeleton';
import { FullPageSpinner } from '@/components/ui/spinner';
import { isLoginPath } from '@/config/paths';

export type PlaceholderKind = 'dashboard' | 'list' | 'form' | 'login' | 'page';

const LIST_SEGMENTS = [
  '/users',
  '/exhibitors',
  '/events',
  '/badges',
  '/custom-fields',
  '/email-templates',
  '/sub-accounts',
  '/admins',
  '/roles',
  '/companies',
];
const FORM_SEGMENTS = ['/create', '/edit', '/bulk-import'];

/** The loading placeholder for a path, by the classes of spec §2; forms win over lists (/users/create). */
export function placeholderKind(pathname: string): PlaceholderKind {
  if (pathname === '/' || pathname === '/dashboard') return 'dashboard';
  if (isLoginPath(pathname)) return 'login';
  if (FORM_SEGMENTS.some((segment) => pathname.includes(segment))) return 'form';
  if (LIST_SEGMENTS.some((segment) => pathname.includes(segment))) return 'list';
  return 'page';
}

function Heading() {
  return (
    <div className="mb-6 grid gap-2">
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-4 w-80 max-w-full" />
    </div>
  );
}

export function PagePlaceholder({ pathname }: { pathname: string }) {
  const kind = placeholderKind(pathname);
  return (
    <div role="status" aria-busy="true" aria-label="Loading" data-placeholder={kind}>
      {kind === 'dashboard' && (
        <>
          <Heading />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} rounded="xl" className="h-28" />
            ))}
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-3">
            <Skeleton rounded="xl" className="h-72 lg:col-span-2" />
            <Skeleton rounded="xl" className="h-72" />
          </div>
        </>
      )}
      {kind === 'list' && (
        <>
          <Heading />
          <Skeleton className="mb-4 h-9 w-72 max-w-full" />
          <div className="grid gap-px overflow-hidden rounded-xl border">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} rounded="none" className="h-12" />
            ))}
          </div>
        </>
      )}
      {kind === 'form' && (
        <>
          <Heading />
          <div className="grid max-w-2xl gap-5 rounded-xl border p-6">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className="grid gap-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
            <Skeleton className="h-9 w-32" />
          </div>
        </>
      )}
      {kind === 'login' && (
        <div className="mx-auto grid w-full max-w-sm gap-4 py-24">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
      {kind === 'page' && <FullPageSpinner />}
    </div>
  );
}
