import { generatePath, type PathParam } from 'react-router';

type Params<P extends string> = [PathParam<P>] extends [never] ? [] : [Record<PathParam<P>, string | number>];

function route<P extends string>(path: P) {
  return {
    path,
    href: (...[params]: Params<P>): string =>
      generatePath<string>(
        path,
        params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : {},
      ),
  };
}

/** Every route of the portal (spec §2) with an href builder; routes.tsx attaches pages and guards. */
export const paths = {
  home: route('/'),
  dashboard: route('/dashboard'),
  welcome: route('/welcome'),

  login: route('/login'),
  vipLogin: route('/vip/login'),
  sso: route('/sso'),
  register: route('/register/:generatedLinkId'),
  acceptInvitation: route('/accept-invitation/:token'),
  forgotPassword: route('/forgot-password'),
  resetPassword: route('/reset-password/:token'),
  paymentStatus: route('/payment-status/:allocationPurchaseId'),
  sandboxCheckout: route('/payments/sandbox/:sessionId'),
  unauthorized: route('/unauthorized'),
  checkIn: route('/check-in'),
  checkInPair: route('/check-in/pair'),

  users: route('/users'),
  usersCreate: route('/users/create'),
  usersByCategory: route('/users/:badgeCategoryId'),
  usersByCategoryCreate: route('/users/:badgeCategoryId/create'),
  viewUser: route('/view-user/:id'),
  editUser: route('/edit-user/:id'),
  badges: route('/badges'),
  registrations: route('/registrations'),
  registrationLinks: route('/registration-links'),

  subAccounts: route('/sub-accounts'),
  subAccountsCreate: route('/sub-accounts/create'),
  admins: route('/admins'),
  companies: route('/companies'),
  roles: route('/roles'),

  events: route('/events'),
  eventsCreate: route('/events/create'),
  eventEdit: route('/events/:id/edit'),
  eventInvoicing: route('/events/:id/invoicing'),
  eventBankStatement: route('/events/:eventId/bank-statement'),
  eventBadgeLayouts: route('/events/:eventId/badge-layouts'),
  eventBadgeLayout: route('/events/:eventId/badge-layouts/:layoutId'),
  eventCheckIn: route('/events/:eventId/check-in'),
  eventWebhooks: route('/events/:eventId/webhooks'),
  event: route('/events/:id'),
  eventExhibitor: route('/events/:eventId/exhibitor/:exhibitorId'),
  eventExhibitorSubAccount: route('/events/:eventId/exhibitor/:exhibitorId/subaccount/:subAccountId'),
  exhibitors: route('/exhibitors'),
  exhibitorsCreate: route('/exhibitors/create'),

  exhibitorsBulkImport: route('/events/:eventId/exhibitors/bulk-import'),
  subAccountsBulkImport: route('/events/:eventId/exhibitor/:exhibitorId/sub-accounts/bulk-import'),
  exhibitorUsersBulkImport: route('/events/:eventId/exhibitor/:exhibitorId/exhibitor-users/bulk-import'),
  subAccountUsersBulkImport: route(
    '/events/:eventId/exhibitor/:exhibitorId/subaccount/:subAccountId/exhibitor-users/bulk-import',
  ),
  vipUsersBulkUpload: route('/events/:eventId/vip-users/bulk-upload'),
  bulkSendRegistrationLink: route('/events/:eventId/bulk-send-registration-link'),

  badgeCategories: route('/badge-categories'),
  badgeAllocations: route('/badge-allocations'),
  addonsAllocations: route('/addons-allocations'),
  allocationPurchases: route('/allocation-purchases'),

  customFields: route('/custom-fields'),
  customFieldsCreate: route('/custom-fields/create'),
  customFieldEdit: route('/custom-fields/:id/edit'),
  customFieldsExport: route('/custom-fields/export'),
  customFieldsImport: route('/custom-fields/import'),

  emailTemplates: route('/email-templates'),
  emailTemplatesCreate: route('/email-templates/create'),
  emailTemplateEdit: route('/email-templates/:id/edit'),
  eventTemplateCreate: route('/events/:eventId/templates/create'),
  eventTemplateEdit: route('/events/:eventId/templates/:id/edit'),
  emailOutbox: route('/email-outbox'),

  leads: route('/leads'),
  leadsScan: route('/leads/scan'),
  leadQuestions: route('/leads/questions'),
  lead: route('/leads/:id'),

  // Not under /api…: the server and the dev proxy send every path starting /api to the API.
  apiTokens: route('/account/api-tokens'),
  audit: route('/audit'),
} as const;

export function isLoginPath(pathname: string): boolean {
  return pathname === paths.login.path || pathname === paths.vipLogin.path;
}
