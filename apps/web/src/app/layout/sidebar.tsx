import { ChevronRightIcon } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { BrandMark } from '@/components/layout/brand-mark';
import { useEventBadgeCategories } from '@/features/badge-categories/api/get-event-badge-categories';
import type { Session } from '@/lib/session';
import { cn } from '@/lib/utils';
import { preloadScreen } from '../routes';
import { LogoutButton } from './logout-button';
import { accountLinks, buildSidebar, showsBadgeMenu, type NavGroup, type NavLink } from './sidebar-items';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

function SidebarLink({
  link,
  onNavigate,
  nested = false,
}: {
  link: NavLink;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const Icon = link.icon;
  return (
    <RouterNavLink
      to={link.to}
      end={link.end}
      onClick={onNavigate}
      onPointerEnter={() => preloadScreen(link.to)}
      onFocus={() => preloadScreen(link.to)}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
          nested && 'py-1.5 pl-9 font-normal',
          isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
        )
      }
    >
      {!nested && <Icon aria-hidden className="size-4 shrink-0 opacity-80" />}
      <span className="truncate">{link.label}</span>
    </RouterNavLink>
  );
}

function SidebarGroup({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const Icon = group.icon;
  return (
    <Collapsible.Root defaultOpen={group.links.some((link) => link.to === pathname)}>
      <Collapsible.Trigger className="group flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground hover:bg-sidebar-accent/60 focus-visible:ring-2 focus-visible:ring-ring">
        <Icon aria-hidden className="size-4 shrink-0 opacity-80" />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <ChevronRightIcon
          aria-hidden
          className="size-4 opacity-60 transition-transform group-data-[state=open]:rotate-90"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="mt-0.5 grid gap-0.5">
        {group.links.map((link) => (
          <SidebarLink key={link.to} link={link} onNavigate={onNavigate} nested />
        ))}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The sidebar's content, the same in the desktop column and in the mobile sheet. */
export function Sidebar({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const { user, type } = session;
  const badgeMenu = showsBadgeMenu(session);
  const categories = useEventBadgeCategories(badgeMenu ? user.eventId : null, type === 'vipAdmin' ? 'vip' : undefined);
  const sections = buildSidebar(session, categories.data ?? []);
  const roleNames = user.roles.map((role) => role.name).join(', ');

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-3 border-b border-sidebar-border px-4">
        <BrandMark />
        <div className="min-w-0">
          <p
            className="line-clamp-2 text-sm leading-tight font-semibold"
            title={user.event?.name ?? 'Exhibitor Portal'}
          >
            {user.event?.name ?? 'Exhibitor Portal'}
          </p>
          <p className="text-xs text-muted-foreground">Staging portal</p>
        </div>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        {sections.map((section) => (
          <div key={section.id} className="mb-5 last:mb-0">
            {section.label && (
              <h2 className="mb-1.5 px-3 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
                {section.label}
              </h2>
            )}
            <div className="grid gap-0.5">
              {section.entries.map((entry) =>
                entry.kind === 'link' ? (
                  <SidebarLink key={entry.to} link={entry} onNavigate={onNavigate} />
                ) : (
                  <SidebarGroup key={entry.label} group={entry} onNavigate={onNavigate} />
                ),
              )}
            </div>
          </div>
        ))}
      </nav>
      <div className="border-t border-sidebar-border p-3">
        <div className="mb-2 flex items-center gap-3 px-1">
          <span
            aria-hidden
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/12 text-sm font-semibold text-primary"
          >
            {initials(user.firstName, user.lastName)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground" title={user.email}>
              {roleNames || user.email}
            </p>
          </div>
        </div>
        <div className="mb-1 grid gap-0.5">
          {accountLinks(session).map((entry) => (
            <SidebarLink key={entry.to} link={entry} onNavigate={onNavigate} />
          ))}
        </div>
        <LogoutButton />
      </div>
    </div>
  );
}
