import { hasPermissions, PERMISSIONS, type Permission } from '@portal/shared/permissions';
import { Suspense, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { PagePlaceholder } from '@/components/loading/page-placeholder';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { whenIdle } from '@/lib/idle';
import { lazyWithPreload } from '@/lib/lazy-page';
import { getSession, setReturnUrlCheck } from '@/lib/session';
import { RootPage } from './routes/root';

// The signed-in frame (with the query cache and the HTTP client) is a chunk of its own, so that the
// login page does not load it; the app's entry fetches it (`preloadFor`) at once for a signed-in
// user, else when the browser is idle, ready for the moment the user has signed in.
const SignedInFrame = lazyWithPreload(() => import('./signed-in-frame'));
// Loaded with the signed-in frame, which imports the guards.
const RequirePermissions = lazyWithPreload(() => import('./guards').then((m) => ({ default: m.RequirePermissions })));
// Every public page but the login page reads and writes through the query cache.
const QueryProvider = lazyWithPreload(() => import('./query-provider'));

// One chunk per page (DESIGN §7).
const LoginPage = lazyWithPreload(() => import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const SsoPage = lazyWithPreload(() => import('@/features/auth/pages/sso-page').then((m) => ({ default: m.SsoPage })));
const DashboardPage = lazyWithPreload(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardPage })));
const WelcomePage = lazyWithPreload(() => import('./routes/welcome').then((m) => ({ default: m.WelcomePage })));
const AdminsPage = lazyWithPreload(() => import('@/features/admins/pages/admins-page').then((m) => ({ default: m.AdminsPage })));
const RolesPage = lazyWithPreload(() => import('@/features/roles/pages/roles-page').then((m) => ({ default: m.RolesPage })));
const ApiTokensPage = lazyWithPreload(() =>
  import('@/features/api-tokens/pages/api-tokens-page').then((m) => ({ default: m.ApiTokensPage })),
);
const CompaniesPage = lazyWithPreload(() =>
  import('@/features/companies/pages/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const EventsPage = lazyWithPreload(() => import('@/features/events/pages/events-page').then((m) => ({ default: m.EventsPage })));
const CreateEventPage = lazyWithPreload(() =>
  import('@/features/events/pages/create-event-page').then((m) => ({ default: m.CreateEventPage })),
);
const InvoiceSettingsPage = lazyWithPreload(() =>
  import('@/features/invoices/pages/invoice-settings-page').then((m) => ({ default: m.InvoiceSettingsPage })),
);
const BankStatementPage = lazyWithPreload(() =>
  import('@/features/bank-statements/pages/bank-statement-page').then((m) => ({ default: m.BankStatementPage })),
);
const BadgeLayoutsPage = lazyWithPreload(() =>
  import('@/features/badge-layouts/pages/badge-layouts-page').then((m) => ({ default: m.BadgeLayoutsPage })),
);
const BadgeLayoutEditorPage = lazyWithPreload(() =>
  import('@/features/badge-layouts/pages/badge-layout-editor-page').then((m) => ({ default: m.BadgeLayoutEditorPage })),
);
const CheckInPage = lazyWithPreload(() =>
  import('@/features/check-in/pages/check-in-page').then((m) => ({ default: m.CheckInPage })),
);
const EditEventPage = lazyWithPreload(() =>
  import('@/features/events/pages/edit-event-page').then((m) => ({ default: m.EditEventPage })),
);
const EventPage = lazyWithPreload(() => import('./routes/event').then((m) => ({ default: m.EventPage })));
const ExhibitorsPage = lazyWithPreload(() =>
  import('@/features/exhibitors/pages/exhibitors-page').then((m) => ({ default: m.ExhibitorsPage })),
);
const CreateExhibitorPage = lazyWithPreload(() =>
  import('@/features/exhibitors/pages/create-exhibitor-page').then((m) => ({ default: m.CreateExhibitorPage })),
);
const ExhibitorPage = lazyWithPreload(() => import('./routes/exhibitor').then((m) => ({ default: m.ExhibitorPage })));
const SubAccountsPage = lazyWithPreload(() =>
  import('@/features/sub-accounts/pages/sub-accounts-page').then((m) => ({ default: m.SubAccountsPage })),
);
const CreateSubAccountPage = lazyWithPreload(() =>
  import('@/features/sub-accounts/pages/create-sub-account-page').then((m) => ({ default: m.CreateSubAccountPage })),
);
const SubAccountPage = lazyWithPreload(() =>
  import('@/features/sub-accounts/pages/sub-account-page').then((m) => ({ default: m.SubAccountPage })),
);
const RegisterPage = lazyWithPreload(() =>
  import('@/features/registration-links/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const AcceptInvitationPage = lazyWithPreload(() =>
  import('@/features/auth/pages/accept-invitation-page').then((m) => ({ default: m.AcceptInvitationPage })),
);
const ForgotPasswordPage = lazyWithPreload(() =>
  import('@/features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazyWithPreload(() =>
  import('@/features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const UsersPage = lazyWithPreload(() => import('@/features/badges/pages/users-page').then((m) => ({ default: m.UsersPage })));
const BadgeLinksPage = lazyWithPreload(() =>
  import('@/features/registration-links/pages/badge-links-page').then((m) => ({ default: m.BadgeLinksPage })),
);
const CategoryBadgesPage = lazyWithPreload(() =>
  import('@/features/badges/pages/category-badges-page').then((m) => ({ default: m.CategoryBadgesPage })),
);
const CreateBadgePage = lazyWithPreload(() =>
  import('@/features/badges/pages/create-badge-page').then((m) => ({ default: m.CreateBadgePage })),
);
const ViewBadgePage = lazyWithPreload(() =>
  import('@/features/badges/pages/view-badge-page').then((m) => ({ default: m.ViewBadgePage })),
);
const EditBadgePage = lazyWithPreload(() =>
  import('@/features/badges/pages/edit-badge-page').then((m) => ({ default: m.EditBadgePage })),
);
const RegistrationsPage = lazyWithPreload(() =>
  import('@/features/badges/pages/registrations-page').then((m) => ({ default: m.RegistrationsPage })),
);
const BulkSendPage = lazyWithPreload(() => import('@/features/bulk-send/pages/bulk-send-page').then((m) => ({ default: m.BulkSendPage })));
const EmailOutboxPage = lazyWithPreload(() =>
  import('@/features/email-outbox/pages/email-outbox-page').then((m) => ({ default: m.EmailOutboxPage })),
);
const EmailTemplatesPage = lazyWithPreload(() =>
  import('@/features/email-templates/pages/email-templates-page').then((m) => ({ default: m.EmailTemplatesPage })),
);
const CreateEmailTemplatePage = lazyWithPreload(() =>
  import('@/features/email-templates/pages/create-email-template-page').then((m) => ({
    default: m.CreateEmailTemplatePage,
  })),
);
const EditEmailTemplatePage = lazyWithPreload(() =>
  import('@/features/email-templates/pages/edit-email-template-page').then((m) => ({ default: m.EditEmailTemplatePage })),
);
const CustomFieldsPage = lazyWithPreload(() =>
  import('@/features/custom-fields/pages/custom-fields-page').then((m) => ({ default: m.CustomFieldsPage })),
);
const CreateCustomFieldPage = lazyWithPreload(() =>
  import('@/features/custom-fields/pages/create-custom-field-page').then((m) => ({ default: m.CreateCustomFieldPage })),
);
const EditCustomFieldPage = lazyWithPreload(() =>
  import('@/features/custom-fields/pages/edit-custom-field-page').then((m) => ({ default: m.EditCustomFieldPage })),
);
const ExportCustomFieldsPage = lazyWithPreload(() =>
  import('@/features/custom-fields/pages/export-custom-fields-page').then((m) => ({
    default: m.ExportCustomFieldsPage,
  })),
);
const ImportCustomFieldsPage = lazyWithPreload(() =>
  import('@/features/custom-fields/pages/import-custom-fields-page').then((m) => ({
    default: m.ImportCustomFieldsPage,
  })),
);
const LeadQuestionsPage = lazyWithPreload(() =>
  import('@/features/custom-fields/pages/lead-questions-page').then((m) => ({ default: m.LeadQuestionsPage })),
);
const BadgeCategoriesPage = lazyWithPreload(() =>
  import('@/features/badge-categories/pages/badge-categories-page').then((m) => ({ default: m.BadgeCategoriesPage })),
);
const BadgeAllocationsPage = lazyWithPreload(() =>
  import('@/features/allocations/pages/badge-allocations-page').then((m) => ({ default: m.BadgeAllocationsPage })),
);
const AddonsAllocationsPage = lazyWithPreload(() =>
  import('@/features/allocations/pages/badge-allocations-page').then((m) => ({ default: m.AddonsAllocationsPage })),
);
const AllocationPurchasesPage = lazyWithPreload(() =>
  import('@/features/allocation-purchases/pages/allocation-purchases-page').then((m) => ({
    default: m.AllocationPurchasesPage,
  })),
);
const PaymentStatusPage = lazyWithPreload(() =>
  import('@/features/allocation-purchases/pages/payment-status-page').then((m) => ({ default: m.PaymentStatusPage })),
);
const SandboxCheckoutPage = lazyWithPreload(() =>
  import('@/features/allocation-purchases/pages/sandbox-checkout-page').then((m) => ({
    default: m.SandboxCheckoutPage,
  })),
);
const ImportExhibitorsPage = lazyWithPreload(() =>
  import('@/features/bulk-imports/pages/import-exhibitors-page').then((m) => ({ default: m.ImportExhibitorsPage })),
);
const ImportSubAccountsPage = lazyWithPreload(() =>
  import('@/features/bulk-imports/pages/import-sub-accounts-page').then((m) => ({ default: m.ImportSubAccountsPage })),
);
const ImportBadgesPage = lazyWithPreload(() =>
  import('@/features/bulk-imports/pages/import-badges-page').then((m) => ({ default: m.ImportBadgesPage })),
);
const ImportVipBadgesPage = lazyWithPreload(() =>
  import('@/features/bulk-imports/pages/import-vip-badges-page').then((m) => ({ default: m.ImportVipBadgesPage })),
);
const AuditPage = lazyWithPreload(() => import('@/features/audit/pages/audit-page').then((m) => ({ default: m.AuditPage })));
const WebhooksPage = lazyWithPreload(() =>
  import('@/features/webhooks/pages/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const LeadsPage = lazyWithPreload(() => import('@/features/leads/pages/leads-page').then((m) => ({ default: m.LeadsPage })));
const LeadPage = lazyWithPreload(() => import('@/features/leads/pages/lead-page').then((m) => ({ default: m.LeadPage })));
const LeadScanPage = lazyWithPreload(() =>
  import('@/features/leads/pages/lead-scan-page').then((m) => ({ default: m.LeadScanPage })),
);
// The door app: a paired device, no signed-in person (docs/check-in.md).
const CheckInScannerPage = lazyWithPreload(() =>
  import('@/features/check-in-app/pages/scanner-page').then((m) => ({ default: m.ScannerPage })),
);
const CheckInPairPage = lazyWithPreload(() => import('@/features/check-in-app/pages/pair-page').then((m) => ({ default: m.PairPage })));
const UnauthorizedPage = lazyWithPreload(() => import('./routes/unauthorized'));
const NotFoundPage = lazyWithPreload(() => import('./routes/not-found'));

type Preloadable = { preload(): Promise<unknown> };
type Screen = {
  path: string;
  permissions?: Permission[];
  mode?: 'all' | 'any';
  element: ReactNode;
  /** Pages this one sends its user on to, fetched with it. */
  leadsTo?: Preloadable[];
};

/** The signed-in screens of spec §2, each with the permission that guards it. */
const screens: Screen[] = [
  { path: paths.dashboard.path, permissions: ['view_reports'], element: <DashboardPage /> },
  { path: paths.welcome.path, element: <WelcomePage /> },

  // The root redirect sends a holder of VIEW_USERS here too (spec §2), and the API's /users reads
  // the same badges with it: either permission opens the badge lists.
  {
    path: paths.users.path,
    permissions: ['view_exhibitor_users', 'view_users'],
    mode: 'any',
    element: <UsersPage />,
    leadsTo: [CategoryBadgesPage],
  },
  {
    path: paths.usersCreate.path,
    permissions: ['create_exhibitor_user'],
    element: <CreateBadgePage />,
  },
  {
    path: paths.usersByCategory.path,
    permissions: ['view_exhibitor_users', 'view_users'],
    mode: 'any',
    element: <CategoryBadgesPage />,
  },
  {
    path: paths.registrationLinks.path,
    permissions: ['view_exhibitor_users'],
    element: <BadgeLinksPage />,
  },
  {
    path: paths.usersByCategoryCreate.path,
    permissions: ['create_exhibitor_user'],
    element: <CreateBadgePage />,
  },
  {
    path: paths.viewUser.path,
    permissions: ['view_exhibitor_users'],
    element: <ViewBadgePage />,
  },
  {
    path: paths.editUser.path,
    permissions: ['update_user'],
    element: <EditBadgePage />,
  },
  {
    path: paths.badges.path,
    permissions: ['view_badges'],
    element: <RegistrationsPage variant="badges" />,
  },
  {
    path: paths.registrations.path,
    permissions: ['view_registrations'],
    element: <RegistrationsPage />,
  },

  { path: paths.subAccounts.path, permissions: ['view_sub_accounts'], element: <SubAccountsPage /> },
  { path: paths.subAccountsCreate.path, permissions: ['create_sub_account'], element: <CreateSubAccountPage /> },
  { path: paths.admins.path, permissions: ['manage_admins'], element: <AdminsPage /> },
  { path: paths.companies.path, permissions: ['manage_admins'], element: <CompaniesPage /> },
  { path: paths.roles.path, permissions: ['manage_roles'], element: <RolesPage /> },

  { path: paths.events.path, permissions: ['view_events'], element: <EventsPage /> },
  { path: paths.eventsCreate.path, permissions: ['create_event'], element: <CreateEventPage /> },
  { path: paths.eventEdit.path, permissions: ['update_event'], element: <EditEventPage /> },
  { path: paths.eventInvoicing.path, permissions: ['update_event'], element: <InvoiceSettingsPage /> },
  {
    path: paths.eventBankStatement.path,
    permissions: ['create_payment', 'update_allocation_purchase'],
    element: <BankStatementPage />,
  },
  {
    path: paths.eventBadgeLayouts.path,
    permissions: ['manage_badge_layouts'],
    element: <BadgeLayoutsPage />,
    leadsTo: [BadgeLayoutEditorPage],
  },
  { path: paths.eventBadgeLayout.path, permissions: ['manage_badge_layouts'], element: <BadgeLayoutEditorPage /> },
  {
    path: paths.eventCheckIn.path,
    permissions: ['view_check_ins', 'manage_check_in'],
    mode: 'any',
    element: <CheckInPage />,
  },
  // Webhooks (docs/webhooks.md): the organiser's of the event, or an exhibitor's of its own records there.
  { path: paths.eventWebhooks.path, permissions: ['manage_webhooks'], element: <WebhooksPage /> },
  { path: paths.event.path, permissions: ['view_events'], element: <EventPage /> },
  { path: paths.eventExhibitor.path, permissions: ['view_exhibitors'], element: <ExhibitorPage /> },
  { path: paths.eventExhibitorSubAccount.path, permissions: ['view_sub_accounts'], element: <SubAccountPage /> },
  { path: paths.exhibitors.path, permissions: ['view_exhibitors'], element: <ExhibitorsPage /> },
  { path: paths.exhibitorsCreate.path, permissions: ['create_exhibitor'], element: <CreateExhibitorPage /> },

  {
    path: paths.exhibitorsBulkImport.path,
    permissions: ['create_exhibitor'],
    element: <ImportExhibitorsPage />,
  },
  {
    path: paths.subAccountsBulkImport.path,
    permissions: ['create_sub_account'],
    element: <ImportSubAccountsPage />,
  },
  {
    path: paths.exhibitorUsersBulkImport.path,
    permissions: ['create_exhibitor_user'],
    element: <ImportBadgesPage />,
  },
  {
    path: paths.subAccountUsersBulkImport.path,
    permissions: ['create_exhibitor_user'],
    element: <ImportBadgesPage />,
  },
  {
    path: paths.vipUsersBulkUpload.path,
    permissions: ['create_exhibitor_user'],
    element: <ImportVipBadgesPage />,
  },
  {
    path: paths.bulkSendRegistrationLink.path,
    permissions: ['create_exhibitor_user'],
    element: <BulkSendPage />,
  },

  {
    path: paths.badgeCategories.path,
    permissions: ['view_badge_categories'],
    element: <BadgeCategoriesPage />,
  },
  {
    path: paths.badgeAllocations.path,
    permissions: ['view_allocation'],
    element: <BadgeAllocationsPage />,
  },
  {
    path: paths.addonsAllocations.path,
    permissions: ['view_allocation'],
    element: <AddonsAllocationsPage />,
  },
  {
    path: paths.allocationPurchases.path,
    permissions: ['view_allocation_purchase'],
    element: <AllocationPurchasesPage />,
  },

  {
    path: paths.customFields.path,
    permissions: ['manage_custom_fields'],
    element: <CustomFieldsPage />,
  },
  {
    path: paths.customFieldsCreate.path,
    permissions: ['manage_custom_fields'],
    element: <CreateCustomFieldPage />,
  },
  {
    path: paths.customFieldEdit.path,
    permissions: ['manage_custom_fields'],
    element: <EditCustomFieldPage />,
  },
  {
    path: paths.customFieldsExport.path,
    permissions: ['manage_custom_fields'],
    element: <ExportCustomFieldsPage />,
  },
  {
    path: paths.customFieldsImport.path,
    permissions: ['manage_custom_fields'],
    element: <ImportCustomFieldsPage />,
  },

  // An exhibitor's own qualifier questions: its account edits them, its sub-accounts read them.
  { path: paths.leadQuestions.path, permissions: ['scan_leads'], element: <LeadQuestionsPage /> },

  {
    path: paths.emailOutbox.path,
    permissions: ['view_email_outbox'],
    element: <EmailOutboxPage />,
  },
  {
    path: paths.emailTemplates.path,
    permissions: ['create_email_template'],
    element: <EmailTemplatesPage />,
  },
  {
    path: paths.emailTemplatesCreate.path,
    permissions: ['create_email_template'],
    element: <CreateEmailTemplatePage />,
  },
  {
    path: paths.emailTemplateEdit.path,
    permissions: ['update_email_template'],
    element: <EditEmailTemplatePage />,
  },
  {
    path: paths.eventTemplateCreate.path,
    permissions: ['create_email_template'],
    element: <CreateEmailTemplatePage />,
  },
  {
    path: paths.eventTemplateEdit.path,
    permissions: ['update_email_template'],
    element: <EditEmailTemplatePage />,
  },

  // Leads at the booth (docs/leads.md): the API scopes them to the exhibitor's team.
  { path: paths.leads.path, permissions: ['scan_leads'], element: <LeadsPage />, leadsTo: [LeadPage, LeadScanPage] },
  { path: paths.audit.path, permissions: ['view_logs'], element: <AuditPage /> },
  { path: paths.leadsScan.path, permissions: ['scan_leads'], element: <LeadScanPage /> },
  { path: paths.lead.path, permissions: ['scan_leads'], element: <LeadPage /> },

  // One's own API tokens (docs/api-tokens.md): for anyone holding a permission a token could carry.
  { path: paths.apiTokens.path, permissions: [...PERMISSIONS], mode: 'any', element: <ApiTokensPage /> },
];

/** The public pages, the sign-in pages apart: they read and write through the query cache. */
const publicScreens: Screen[] = [
  { path: paths.sso.path, element: <SsoPage /> },
  { path: `${paths.sso.path}/:token`, element: <SsoPage /> },
  { path: paths.register.path, element: <RegisterPage /> },
  { path: paths.acceptInvitation.path, element: <AcceptInvitationPage /> },
  { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
  { path: paths.paymentStatus.path, element: <PaymentStatusPage /> },
  { path: paths.sandboxCheckout.path, element: <SandboxCheckoutPage /> },
  { path: paths.unauthorized.path, element: <UnauthorizedPage /> },
  { path: '*', element: <NotFoundPage /> },
];
/** The door app's pages: a device token of their own, neither the query cache nor a session. */
const doorScreens: Screen[] = [
  { path: paths.checkIn.path, element: <CheckInScannerPage /> },
  { path: paths.checkInPair.path, element: <CheckInPairPage /> },
];
const loginScreens: Screen[] = [
  { path: paths.login.path, element: <LoginPage /> },
  { path: paths.vipLogin.path, element: <LoginPage /> },
];

/** The chunks of the screen at `pathname` among `list`: its page and the pages it leads to. */
function screenChunks(list: Screen[], pathname: string): Promise<unknown>[] {
  const screen = matchRoutes(list as RouteObject[], pathname)?.[0]?.route as Screen | undefined;
  const page = (screen?.element as { type?: Partial<Preloadable> } | undefined)?.type;
  return [page?.preload?.(), ...(screen?.leadsTo ?? []).map((next) => next.preload())].filter(
    (chunk): chunk is Promise<unknown> => chunk !== undefined,
  );
}

/**
 * Fetches what the page at `pathname` needs, all at once rather than one chunk after another as
 * each renders. Signed in: the signed-in frame and the screen's chunks, while the frame's spinner
 * shows. Signed out: the public page's chunks, which the answer waits for (the app renders once
 * they are in, so that the page does not suspend), and the frame once the browser is idle.
 * A chunk that fails here is fetched again, and its failure shown, when the page renders.
 */
export function preloadFor(pathname: string): Promise<void> {
  const frame = () => Promise.all([SignedInFrame.preload(), RequirePermissions.preload()]);
  if (getSession()) {
    void Promise.all([frame(), ...screenChunks(screens, pathname)]).catch(() => undefined);
    return Promise.resolve();
  }
  // A door device never signs in: it has no use for the signed-in frame.
  const door = screenChunks(doorScreens, pathname);
  if (door.length === 0) whenIdle(() => void frame().catch(() => undefined));
  // A signed-in screen sends a signed-out visitor to the login page.
  const toLogin = pathname === '/' || matchRoutes(screens as RouteObject[], pathname) !== null;
  const login = screenChunks(loginScreens, toLogin ? paths.login.path : pathname);
  const chunks = login.length > 0 ? login : door.length > 0 ? door : [QueryProvider.preload(), ...screenChunks(publicScreens, pathname)];
  return Promise.all(chunks).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Fetches the chunks of the signed-in screen a link leads to, as the pointer comes over it or it
 * takes the focus, so that the page is in by the click and renders without its placeholder.
 */
export function preloadScreen(to: string): void {
  void Promise.all(screenChunks(screens, new URL(to, 'http://portal.invalid').pathname)).catch(() => undefined);
}

/** Each signed-in screen's path and guard, for what needs them without the page: the return URL, tests. */
export const screenAccess = screens.map(({ path, permissions, mode }) => ({ path, permissions, mode }));

/** Whether a signed-in user may open a URL of the portal: the guard of the screen it leads to. */
export function mayOpen(url: string, permissions: readonly string[]): boolean {
  const { pathname } = new URL(url, 'http://portal.invalid');
  const screen = matchRoutes(screenAccess, pathname)?.[0]?.route;
  return !screen?.permissions || hasPermissions(permissions, { permissions: screen.permissions, mode: screen.mode });
}

// A return URL saved at sign-out leads only where the user who signs in next may go.
setReturnUrlCheck((url, session) => mayOpen(url, session.user.permissions));

/** Public pages get their own loading placeholder while their chunk loads. */
function PublicFrame() {
  const { pathname } = useLocation();
  return (
    <Suspense key={pathname} fallback={<PagePlaceholder pathname={pathname} />}>
      <Outlet />
    </Suspense>
  );
}

function WithQueries() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: (
      <RouteError>
        <Outlet />
      </RouteError>
    ),
    children: [
      {
        element: <PublicFrame />,
        children: [
          ...loginScreens,
          ...doorScreens,
          { element: <WithQueries />, children: publicScreens },
        ],
      },
      {
        element: (
          <Suspense fallback={<FullPageSpinner />}>
            <SignedInFrame />
          </Suspense>
        ),
        children: [
          { index: true, element: <RootPage /> },
          ...screens.map(({ path, permissions, mode, element }) => ({
            path,
            element: permissions ? (
              <RequirePermissions permissions={permissions} mode={mode}>
                {element}
              </RequirePermissions>
            ) : (
              element
            ),
          })),
        ],
      },
    ],
  },
];
