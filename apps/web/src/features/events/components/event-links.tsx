import type { Permission } from '@portal/shared/permissions';
import {
  FileSpreadsheetIcon,
  FormInputIcon,
  LandmarkIcon,
  IdCardIcon,
  LayoutTemplateIcon,
  ListChecksIcon,
  MailIcon,
  ScanLineIcon,
  ReceiptTextIcon,
  SendIcon,
  UserCogIcon,
  UsersRoundIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

export type EventLink = { label: string; description: string; to: string; icon: LucideIcon };

type Can = (permission: Permission) => boolean;

/**
 * The screens an event's organiser works on besides its tabs. Event users have no System group in
 * the sidebar (spec §2), so custom fields, email templates and admins are reached from here.
 */
export function eventLinks(eventId: number, can: Can): EventLink[] {
  const eventQuery = `?eventId=${eventId}`;
  const links: (EventLink | false)[] = [
    can('manage_custom_fields') && {
      label: 'Custom fields',
      description: 'The questions the badge forms ask',
      to: paths.customFields.href() + eventQuery,
      icon: FormInputIcon,
    },
    can('create_email_template') && {
      label: 'Email templates',
      description: 'The messages the portal sends',
      to: paths.emailTemplates.href(),
      icon: MailIcon,
    },
    can('manage_admins') && {
      label: 'Admins',
      description: 'Who may sign in and with which role',
      to: paths.admins.href(),
      icon: UserCogIcon,
    },
    can('update_event') && {
      label: 'Invoicing',
      description: 'Who issues the invoices, terms and numbering',
      to: paths.eventInvoicing.href({ id: eventId }),
      icon: ReceiptTextIcon,
    },
    can('manage_badge_layouts') && {
      label: 'Badge layouts',
      description: 'How badges are printed, per badge type and category',
      to: paths.eventBadgeLayouts.href({ eventId }),
      icon: LayoutTemplateIcon,
    },
    (can('view_check_ins') || can('manage_check_in')) && {
      label: 'Check-in',
      description: 'Door lists, scanning devices, the scan log and figures',
      to: paths.eventCheckIn.href({ eventId }),
      icon: ScanLineIcon,
    },
    can('manage_webhooks') && {
      label: 'Webhooks',
      description: 'Signed messages to your own systems as things change',
      to: paths.eventWebhooks.href({ eventId }),
      icon: WebhookIcon,
    },
    can('create_payment') &&
      can('update_allocation_purchase') && {
        label: 'Bank statement',
        description: 'Match bank transfers to invoices and record them',
        to: paths.eventBankStatement.href({ eventId }),
        icon: LandmarkIcon,
      },
    can('view_allocation') && {
      label: 'Badge allocations',
      description: 'How many badges each exhibitor may register',
      to: paths.badgeAllocations.href() + eventQuery,
      icon: ListChecksIcon,
    },
    can('view_badges') && {
      label: 'Badges',
      description: 'Every badge of every category',
      to: paths.badges.href(),
      icon: IdCardIcon,
    },
    can('view_registrations') && {
      label: 'Registrations',
      description: 'Every badge registered, newest first',
      to: paths.registrations.href(),
      icon: UsersRoundIcon,
    },
    can('create_exhibitor') && {
      label: 'Import exhibitors',
      description: 'Add many exhibitors from a spreadsheet',
      to: paths.exhibitorsBulkImport.href({ eventId }),
      icon: FileSpreadsheetIcon,
    },
    can('create_exhibitor_user') &&
      can('can_see_vip') && {
        label: 'Upload VIP guests',
        description: 'Register many VIP badges from a spreadsheet',
        to: paths.vipUsersBulkUpload.href({ eventId }),
        icon: FileSpreadsheetIcon,
      },
    can('create_exhibitor_user') && {
      label: 'Send registration links',
      description: 'Email registration links to a list of people',
      to: paths.bulkSendRegistrationLink.href({ eventId }),
      icon: SendIcon,
    },
  ];
  return links.filter((link) => link !== false);
}

/** The event's other screens as a grid of links; nothing when the user may open none. */
export function EventLinks({ eventId, can }: { eventId: number; can: Can }) {
  const links = eventLinks(eventId, can);
  if (links.length === 0) return null;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Manage this event</CardTitle>
        <CardDescription>Its questions, messages, people and badges.</CardDescription>
      </CardHeader>
      <CardContent>
        <nav aria-label="Manage this event">
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {links.map(({ label, description, to, icon: Icon }) => (
              <li key={label}>
                <Link
                  to={to}
                  className="flex h-full items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span className="min-w-0">
                    <span className="block font-medium">{label}</span>
                    <span className="block text-muted-foreground">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}
