import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { DASHBOARD_SUBTITLES } from '@portal/shared/user-types';
import {
  ArrowRightIcon,
  BadgeIcon,
  Building2Icon,
  CalendarDaysIcon,
  CreditCardIcon,
  ListChecksIcon,
  MapPinIcon,
  TagsIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { OwnPlaces } from '@/features/badges/components/own-places';
import { formatDateRange } from '@/lib/format';
import { useSession } from '@/lib/session';

type Shortcut = { label: string; description: string; to: string; icon: LucideIcon; permission: Permission };

const SHORTCUTS: Shortcut[] = [
  {
    label: 'Badges',
    description: 'Register and manage your team’s badges',
    to: paths.users.href(),
    icon: BadgeIcon,
    permission: 'view_exhibitor_users',
  },
  {
    label: 'Sub-Accounts',
    description: 'Give colleagues their own sign-in',
    to: paths.subAccounts.href(),
    icon: UsersIcon,
    permission: 'view_sub_accounts',
  },
  {
    label: 'Badge Allocations',
    description: 'How many badges of each kind you may register',
    to: paths.badgeAllocations.href(),
    icon: ListChecksIcon,
    permission: 'view_allocation',
  },
  {
    label: 'Allocation Purchases',
    description: 'Request more badges and pay for them',
    to: paths.allocationPurchases.href(),
    icon: CreditCardIcon,
    permission: 'view_allocation_purchase',
  },
  {
    label: 'Badge Categories',
    description: 'The kinds of badge this event offers',
    to: paths.badgeCategories.href(),
    icon: TagsIcon,
    permission: 'view_badge_categories',
  },
];

function daysUntil(date: string): number {
  const start = new Date(`${date}T00:00:00`).getTime();
  return Math.ceil((start - Date.now()) / 86_400_000);
}

/** /welcome: the event overview for exhibitors and sub-accounts. */
export function WelcomePage() {
  const session = useSession();
  if (!session) return null;
  const { user, type } = session;
  const event = user.event;
  const dates = event ? formatDateRange(event.startDate, event.endDate) : null;
  const place = event ? [event.venue, event.city, event.country].filter(Boolean).join(', ') : '';
  const days = event?.startDate ? daysUntil(event.startDate) : null;
  const shortcuts = SHORTCUTS.filter((s) => hasPermissions(user.permissions, { permissions: [s.permission] }));

  return (
    <>
      <PageHeader title={`Welcome, ${user.firstName}`} description={DASHBOARD_SUBTITLES[type]} />
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-br from-indigo-600 to-violet-700 p-6 text-white sm:p-8">
          <p className="text-sm font-medium text-white/75">Your event</p>
          <h2 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
            {event?.name ?? 'No event assigned'}
          </h2>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-white/90">
            {dates && (
              <span className="flex items-center gap-2">
                <CalendarDaysIcon aria-hidden className="size-4" />
                {dates}
              </span>
            )}
            {place && (
              <span className="flex items-center gap-2">
                <MapPinIcon aria-hidden className="size-4" />
                {place}
              </span>
            )}
            {user.companyName && (
              <span className="flex items-center gap-2">
                <Building2Icon aria-hidden className="size-4" />
                {user.companyName}
              </span>
            )}
          </div>
        </div>
        {days != null && (
          <div className="flex items-center gap-3 px-6 py-4 text-sm sm:px-8">
            <Badge variant={days > 0 ? 'default' : 'success'}>
              {days > 1 ? `${days} days to go` : days === 1 ? 'Tomorrow' : days === 0 ? 'Today' : 'Under way or over'}
            </Badge>
            <span className="text-muted-foreground">Get your badges registered well before the doors open.</span>
          </div>
        )}
      </Card>

      <OwnPlaces />

      {shortcuts.length > 0 && (
        <section aria-labelledby="shortcuts" className="mt-8">
          <h2 id="shortcuts" className="mb-3 text-base font-semibold">
            What you can do
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shortcuts.map(({ label, description, to, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                className="group rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <Card className="h-full transition-colors group-hover:border-primary/40 group-hover:bg-accent/40">
                  <CardHeader className="flex-row items-start gap-3 pb-5">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <CardTitle className="flex items-center gap-1.5">
                        {label}
                        <ArrowRightIcon
                          aria-hidden
                          className="size-4 opacity-0 transition-opacity group-hover:opacity-100"
                        />
                      </CardTitle>
                      <CardDescription className="mt-1">{description}</CardDescription>
                    </div>
                  </CardHeader>
                </Card>
              </Link>
            ))}
          </div>
        </section>
      )}
      {shortcuts.length === 0 && (
        <Card className="mt-8">
          <CardContent className="p-6 text-sm text-muted-foreground">
            Your account has no screens assigned yet. Ask your event organiser for access.
          </CardContent>
        </Card>
      )}
    </>
  );
}
