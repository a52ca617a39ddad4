import { BadgeCheckIcon, CalendarRangeIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { Badge } from '@/components/ui/badge';
import { useDocumentTitle } from '@/hooks/use-document-title';

const highlights = [
  { icon: CalendarRangeIcon, text: 'Events, exhibitors and their teams in one place' },
  { icon: BadgeCheckIcon, text: 'Badges, allocations and purchase requests' },
  { icon: UsersIcon, text: 'Roles and permissions for every kind of account' },
];

/** The frame of the sign-in screens: a brand panel beside the form on wide screens. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1.1fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div className="relative flex items-center gap-3">
          <BrandMark tone="onBrand" />
          <span className="text-lg font-semibold">Exhibitor Portal</span>
        </div>
        <div className="relative max-w-md">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight">
            Everything your trade show needs, from the first exhibitor to the last badge.
          </h2>
          <ul className="mt-8 grid gap-4 text-white/85">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3">
                <span className="flex size-8 items-center justify-center rounded-md bg-white/12">
                  <Icon aria-hidden className="size-4" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/60">Staging portal · for testing and rehearsal</p>
      </aside>
      <main className="flex items-center justify-center px-5 py-12 sm:px-10">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-3 lg:hidden">
            <BrandMark />
            <span className="text-lg font-semibold">Exhibitor Portal</span>
          </div>
          <div className="mb-6">
            <div className="mb-3 flex items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              <Badge variant="secondary">Staging</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
