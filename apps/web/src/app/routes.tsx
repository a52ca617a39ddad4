import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { lazy, Suspense, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { PagePlaceholder } from '@/components/loading/page-placeholder';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { whenIdle } from '@/lib/idle';
import { setReturnUrlCheck } from '@/lib/session';
import { RootPage } from './routes/root';

// The signed-in frame (with the query cache and the HTTP client) is a chunk of its own, so that the
// login page does not load it; the app's entry fetches it when the browser is idle, ready for the moment
// the user has signed in.
const loadSignedInFrame = () => import('./signed-in-frame');
const SignedInFrame = lazy(loadSignedInFrame);
export const preloadSignedInFrame = () => whenIdle(() => void loadSignedInFrame());
// Loaded with the signed-in frame, which imports the guards.
const RequirePermissions = lazy(() => import('./guards').then((m) => ({ default: m.RequirePermissions })));
// Every public page but the login page reads and writes through the query cache.
const QueryProvider = lazy(() => import('./query-provider'));

// One chunk per page (DESIGN §7).
const LoginPage = lazy(() => import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const SsoPage = lazy(() => import('@/features/auth/pages/sso-page').then((m) => ({ default: m.SsoPage })));
const DashboardPage = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardPage })));
const WelcomePage = lazy(() => import('./routes/welcome').then((m) => ({ default: m.WelcomePage })));
const AdminsPage = lazy(() => import('@/features/admins/pages/admins-page').then((m) => ({ default: m.AdminsPage })));
const RolesPage = lazy(() => import('@/features/roles/pages/roles-page').then((m) => ({ default: m.RolesPage })));
const CompaniesPage = lazy(() =>
  import('@/features/companies/pages/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const EventsPage = lazy(() => import('@/features/events/pages/events-page').then((m) => ({ default: m.EventsPage })));
const CreateEventPage = lazy(() =>
  import('@/features/events/pages/create-event-page').then((m) => ({ default: m.CreateEventPage })),
);
const EditEventPage = lazy(() =>
  import('@/features/events/pages/edit-event-page').then((m) => ({ default: m.EditEventPage })),
);
const EventPage = lazy(() => import('./routes/event').then((m) => ({ default: m.EventPage })));
const ExhibitorsPage = lazy(() =>
  import('@/features/exhibitors/pages/exhibitors-page').then((m) => ({ default: m.ExhibitorsPage })),
);
const CreateExhibitorPage = lazy(() =>
  import('@/features/exhibitors/pages/create-exhibitor-page').then((m) => ({ default: m.CreateExhibitorPage })),
);
const ExhibitorPage = lazy(() => import('./routes/exhibitor').then((m) => ({ default: m.ExhibitorPage })));
const SubAccountsPage = lazy(() =>
  import('@/features/sub-accounts/pages/sub-accounts-page').then((m) => ({ default: m.SubAccountsPage })),
);
const CreateSubAccountPage = lazy(() =>
  import('@/features/sub-accounts/pages/create-sub-account-page').then((m) => ({ default: m.CreateSubAccountPage })),
);
const SubAccountPage = lazy(() =>
  import('@/features/sub-accounts/pages/sub-account-page').then((m) => ({ default: m.SubAccountPage })),
);
const RegisterPage = lazy(() =>
  import('@/features/registration-links/pages/register-page').then((m) => ({ default: m.RegisterPage })),
);
const AcceptInvitationPage = lazy(() =>
  import('@/features/auth/pages/accept-invitation-page').then((m) => ({ default: m.AcceptInvitationPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const UsersPage = lazy(() => import('@/features/badges/pages/users-page').then((m) => ({ default: m.UsersPage })));
const BadgeLinksPage = lazy(() =>
  import('@/features/registration-links/pages/badge-links-page').then((m) => ({ default: m.BadgeLinksPage })),
);
const CategoryBadgesPage = lazy(() =>
  import('@/features/badges/pages/category-badges-page').then((m) => ({ default: m.CategoryBadgesPage })),
);
const CreateBadgePage = lazy(() =>
  import('@/features/badges/pages/create-badge-page').then((m) => ({ default: m.CreateBadgePage })),
);
const ViewBadgePage = lazy(() =>
  import('@/features/badges/pages/view-badge-page').then((m) => ({ default: m.ViewBadgePage })),
);
const EditBadgePage = lazy(() =>
  import('@/features/badges/pages/edit-badge-page').then((m) => ({ default: m.EditBadgePage })),
);
const RegistrationsPage = lazy(() =>
  import('@/features/badges/pages/registrations-page').then((m) => ({ default: m.RegistrationsPage })),
);
const BulkSendPage = lazy(() => import('@/features/bulk-send/pages/bulk-send-page').then((m) => ({ default: m.BulkSendPage })));
const EmailOutboxPage = lazy(() =>
  import('@/features/email-outbox/pages/email-outbox-page').then((m) => ({ default: m.EmailOutboxPage })),
);
const EmailTemplatesPage = lazy(() =>
  import('@/features/email-templates/pages/email-templates-page').then((m) => ({ default: m.EmailTemplatesPage })),
);
const CreateEmailTemplatePage = lazy(() =>
  import('@/features/email-templates/pages/create-email-template-page').then((m) => ({
    default: m.CreateEmailTemplatePage,
  })),
);
const EditEmailTemplatePage = lazy(() =>
  import('@/features/email-templates/pages/edit-email-template-page').then((m) => ({ default: m.EditEmailTemplatePage })),
);
const CustomFieldsPage = lazy(() =>
  import('@/features/custom-fields/pages/custom-fields-page').then((m) => ({ default: m.CustomFieldsPage })),
);
const CreateCustomFieldPage = lazy(() =>
  import('@/features/custom-fields/pages/create-custom-field-page').then((m) => ({ default: m.CreateCustomFieldPage })),
);
const EditCustomFieldPage = lazy(() =>
  import('@/features/custom-fields/pages/edit-custom-field-page').then((m) => ({ default: m.EditCustomFieldPage })),
);
const ExportCustomFieldsPage = lazy(() =>
  import('@/features/custom-fields/pages/export-custom-fields-page').then((m) => ({
    default: m.ExportCustomFieldsPage,
  })),
);
const ImportCustomFieldsPage = lazy(() =>
  import('@/features/custom-fields/pages/import-custom-fields-page').then((m) => ({
    default: m.ImportCustomFieldsPage,
  })),
);
const BadgeCategoriesPage = lazy(() =>
  import('@/features/badge-categories/pages/badge-categories-page').then((m) => ({ default: m.BadgeCategoriesPage })),
);
const BadgeAllocationsPage = lazy(() =>
  import('@/features/allocations/pages/badge-allocations-page').then((m) => ({ default: m.BadgeAllocationsPage })),
);
const AddonsAllocationsPage = lazy(() =>
  import('@/features/allocations/pages/badge-allocations-page').then((m) => ({ default: m.AddonsAllocationsPage })),
);
const AllocationPurchasesPage = lazy(() =>
  import('@/features/allocation-purchases/pages/allocation-purchases-page').then((m) => ({
    default: m.AllocationPurchasesPage,
  })),
);
const PaymentStatusPage = lazy(() =>
  import('@/features/allocation-purchases/pages/payment-status-page').then((m) => ({ default: m.PaymentStatusPage })),
);
const SandboxCheckoutPage = lazy(() =>
  import('@/features/allocation-purchases/pages/sandbox-checkout-page').then((m) => ({
    default: m.SandboxCheckoutPage,
  })),
);
const ImportExhibitorsPage = lazy(() =>
  import('@/features/bulk-imports/pages/import-exhibitors-page').then((m) => ({ default: m.ImportExhibitorsPage })),
);
const ImportSubAccountsPage = lazy(() =>
  import('@/features/bulk-imports/pages/import-sub-accounts-page').then((m) => ({ default: m.ImportSubAccountsPage })),
);
const ImportBadgesPage = lazy(() =>
  import('@/features/bulk-imports/pages/import-badges-page').then((m) => ({ default: m.ImportBadgesPage })),
);
const ImportVipBadgesPage = lazy(() =>
  import('@/features/bulk-imports/pages/import-vip-badges-page').then((m) => ({ default: m.ImportVipBadgesPage })),
);
const UnauthorizedPage = lazy(() => import('./routes/unauthorized'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

type Screen = { path: string; permissions?: Permission[]; mode?: 'all' | 'any'; element: ReactNode };

/** The signed-in screens of spec §2, each with the permission that guards it. */
const screens: Screen[] = [
  { path: paths.dashboard.path, permissions: ['view_reports'], element: <DashboardPage /> },
  { path: paths.welcome.path, element: <WelcomePage /> },

  {
    path: paths.users.path,
    permissions: ['view_exhibitor_users'],
    element: <UsersPage />,
  },
  {
    path: paths.usersCreate.path,
    permissions: ['create_exhibitor_user'],
    element: <CreateBadgePage />,
  },
  {
    path: paths.usersByCategory.path,
    permissions: ['view_exhibitor_users'],
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
];

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
          { path: paths.login.path, element: <LoginPage /> },
          { path: paths.vipLogin.path, element: <LoginPage /> },
          {
            element: <WithQueries />,
            children: [
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
            ],
          },
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
