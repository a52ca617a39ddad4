import { BADGE_TYPE_LABELS, BADGE_TYPES, visibleBadgeTypes, type BadgeCategory } from '@portal/shared/badge-categories';
import { hasPermissions, type Permission } from '@portal/shared/permissions';
import type { UserType } from '@portal/shared/user-types';
import {
  BuildingIcon,
  CalendarDaysIcon,
  ClipboardListIcon,
  ContactIcon,
  CreditCardIcon,
  FolderKanbanIcon,
  HistoryIcon,
  HomeIcon,
  IdCardIcon,
  InboxIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LinkIcon,
  ListChecksIcon,
  MailIcon,
  PackagePlusIcon,
  ShieldCheckIcon,
  StoreIcon,
  TagsIcon,
  TicketIcon,
  UserCogIcon,
  UsersIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { rootRedirect } from '../root-redirect';
import type { Session } from '@/lib/session';

export type NavLink = { kind: 'link'; label: string; to: string; icon: LucideIcon; end?: boolean };
export type NavGroup = { kind: 'group'; label: string; icon: LucideIcon; links: NavLink[] };
export type NavEntry = NavLink | NavGroup;
export type NavSection = { id: string; label?: string; entries: NavEntry[] };

/** What the menus read of a badge category. */
export type MenuCategory = Pick<BadgeCategory, 'id' | 'name' | 'type' | 'badgeType'>;

type SidebarUser = Pick<Session, 'type'> & { user: Pick<Session['user'], 'permissions' | 'eventId'> };

const ADMIN_TYPES: readonly UserType[] = ['systemAdmin', 'eventAdmin', 'vipAdmin'];

function link(label: string, to: string, icon: LucideIcon, end = false): NavLink {
  return { kind: 'link', label, to, icon, end };
}

/**
 * The account's own pages, under the user's name at the foot of the sidebar. API tokens carry some
 * of the user's permissions, so a user holding none has no use for them.
 */
export function accountLinks({ user }: Pick<SidebarUser, 'user'>): NavLink[] {
  return user.permissions.length > 0 ? [link('API tokens', paths.apiTokens.href(), KeyRoundIcon)] : [];
}

/** Whether the sidebar lists badge categories for this user, and so whether to fetch them. */
export function showsBadgeMenu({ type, user }: SidebarUser): boolean {
  return (
    type !== 'systemAdmin' &&
    user.eventId != null &&
    hasPermissions(user.permissions, { permissions: ['view_exhibitor_users'] })
  );
}

/**
 * Badge categories grouped by badge type, only of type 'badge' and of visible badge types; with one
 * visible group its entries stand directly in the section.
 */
function badgeEntries(session: SidebarUser, categories: readonly MenuCategory[]): NavEntry[] {
  if (!showsBadgeMenu(session)) return [];
  const visible = visibleBadgeTypes(session.user.permissions, session.type);
  const groups: NavGroup[] = BADGE_TYPES.filter((badgeType) => visible.includes(badgeType))
    .map((badgeType) => ({
      kind: 'group' as const,
      label: BADGE_TYPE_LABELS[badgeType],
      icon: TicketIcon,
      links: categories
        .filter((category) => category.type === 'badge' && category.badgeType === badgeType)
        .map((category) =>
          link(category.name, paths.usersByCategory.href({ badgeCategoryId: category.id }), TicketIcon),
        ),
    }))
    .filter((group) => group.links.length > 0);
  return groups.length === 1 ? groups[0]!.links : groups;
}

/** The sidebar of spec §2 for one user: sections without entries are left out. */
export function buildSidebar(session: SidebarUser, categories: readonly MenuCategory[]): NavSection[] {
  const { type, user } = session;
  const can = (permission: Permission) => hasPermissions(user.permissions, { permissions: [permission] });
  const isSystemAdmin = type === 'systemAdmin';
  const isEventAdmin = type === 'eventAdmin';
  const isEventUser = user.eventId != null && !ADMIN_TYPES.includes(type);
  const when = (condition: boolean, entry: NavEntry) => (condition ? [entry] : []);
  const booth = (type === 'exhibitor' || type === 'sub-account') && can('scan_leads');

  const sections: NavSection[] = [
    {
      id: 'main',
      entries: [...when(isEventUser, link('Overview', paths.welcome.href(), HomeIcon))],
    },
    {
      id: 'management',
      label: 'Management',
      entries: [
        ...when(can('manage_admins'), link('Companies', paths.companies.href(), BuildingIcon)),
        ...when(can('view_events'), link('Events', paths.events.href(), CalendarDaysIcon)),
        ...when(
          !isSystemAdmin && can('view_exhibitors'),
          link('Exhibitor Profiles', paths.exhibitors.href(), StoreIcon),
        ),
        ...when(
          !isSystemAdmin && !isEventAdmin && can('view_sub_accounts'),
          link('Sub-Accounts', paths.subAccounts.href(), UsersIcon),
        ),
        ...when(
          !isSystemAdmin && !isEventAdmin && can('view_exhibitor_users'),
          link('Badges', paths.users.href(), IdCardIcon),
        ),
        // The System section is for users without an event; the rest reach their own links and outbox here.
        ...when(
          user.eventId != null && can('view_exhibitor_users'),
          link('Registration Links', paths.registrationLinks.href(), LinkIcon),
        ),
        ...when(user.eventId != null && can('view_email_outbox'), link('Email Outbox', paths.emailOutbox.href(), InboxIcon)),
        ...when(can('view_logs'), link('History', paths.audit.href(), HistoryIcon)),
        // An organiser's webhooks are under its event; an exhibitor's, of its own records, here.
        ...(type === 'exhibitor' && user.eventId != null && can('manage_webhooks')
          ? [link('Webhooks', paths.eventWebhooks.href({ eventId: user.eventId }), WebhookIcon)]
          : []),
      ],
    },
    { id: 'badges', label: 'Badges', entries: badgeEntries(session, categories) },
    {
      id: 'leads',
      label: 'Leads',
      // Scanning at the booth is an exhibitor's team's: an organiser holding the permission has no booth.
      entries: [
        // `end`: the leads list is not the current page on the questions' page below it.
        ...when(booth, link('Leads', paths.leads.href(), ContactIcon, true)),
        ...when(booth, link('Lead questions', paths.leadQuestions.href(), ClipboardListIcon)),
      ],
    },
    {
      id: 'allocations',
      label: 'Allocations',
      entries: [
        ...when(can('view_badge_categories'), link('Badge Categories', paths.badgeCategories.href(), TagsIcon)),
        ...when(
          !isSystemAdmin && can('view_allocation'),
          link('Badge Allocations', paths.badgeAllocations.href(), ListChecksIcon),
        ),
        ...when(
          ADMIN_TYPES.includes(type) && can('view_allocation'),
          link('Addons Allocations', paths.addonsAllocations.href(), PackagePlusIcon),
        ),
        ...when(
          can('view_allocation_purchase'),
          link('Allocation Purchases', paths.allocationPurchases.href(), CreditCardIcon),
        ),
      ],
    },
    {
      id: 'system',
      label: 'System',
      // Only for users without an event (spec §2), which covers a system admin without one.
      entries:
        user.eventId == null
          ? [
              ...when(can('manage_admins'), link('Admins', paths.admins.href(), UserCogIcon)),
              ...when(can('manage_roles'), link('Roles', paths.roles.href(), ShieldCheckIcon)),
              ...when(can('manage_custom_fields'), link('Custom Fields', paths.customFields.href(), FolderKanbanIcon)),
              ...when(
                can('view_exhibitor_users'),
                link('Registration Links', paths.registrationLinks.href(), LinkIcon),
              ),
              ...when(can('create_email_template'), link('Email Templates', paths.emailTemplates.href(), MailIcon)),
              ...when(can('view_email_outbox'), link('Email Outbox', paths.emailOutbox.href(), InboxIcon)),
            ]
          : [],
    },
  ];
  // Without VIEW_REPORTS '/' only redirects: where it leads to a screen another entry names
  // (Overview, Badges…), that entry stands alone instead of a Dashboard leading to the same place.
  const rootTarget = rootRedirect(session);
  const linked = sections.some((section) =>
    section.entries.some((entry) => entry.kind === 'link' && entry.to === rootTarget),
  );
  if (rootTarget === null || !linked) {
    sections[0]!.entries.unshift(link('Dashboard', paths.home.href(), LayoutDashboardIcon, true));
  }
  return sections.filter((section) => section.entries.length > 0);
}
