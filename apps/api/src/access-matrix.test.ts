import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeLayouts } from './db/schema/badge-layouts';
import { badges, customFields } from './db/schema/badges';
import { checkInDevices, checkInLists } from './db/schema/check-in';
import { emailTemplates } from './db/schema/email-templates';
import { registrationLinks } from './db/schema/registration-links';
import type { Permission } from '@portal/shared/permissions';
import type { RouteAccess } from './plugins/access';
import { enqueueEmail } from './features/email/email.repository';
import { insertDelivery, insertEndpoint } from './features/webhooks/webhooks.repository';
import { invoicedPurchase } from './features/allocation-purchases/purchase-fixtures';
import { createCheckInList, pairTestDevice, type TestDevice } from './features/check-in/check-in-fixtures';
import { createRoleWith, issueApiToken } from './features/api-tokens/api-token-fixtures';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from './test/harness';

/** The record of another event or exhibitor to ask for, and the query the route's variants take. */
type OutOfScope = (w: World) => { as: TestUser; id: number | string; payload?: object; query?: Record<string, string> };

/**
 * Every /api route with the access it must declare and, where it takes the id of a scoped record,
 * a caller from another event or exhibitor who must get 404. A route missing from this table fails
 * the test, so a new route cannot ship without its access rule being checked.
 */
const EXPECTED: Record<string, { access: string; outOfScope?: OutOfScope }> = {
  'GET /api/health': { access: 'public' },
  'POST /api/admin/auth/login': { access: 'public' },
  'POST /api/auth/refresh': { access: 'public' },
  'POST /api/auth/logout': { access: 'public' },
  'POST /api/auth/accept-invitation/check': { access: 'public' },
  'POST /api/auth/password-reset/check': { access: 'public' },
  'GET /api/integrations/jwt/verify/:token': { access: 'public' },
  'GET /api/auth/me': { access: 'signed-in' },
  // Only the caller's own tokens: another account's answers 404 (api-tokens.routes.test.ts).
  'GET /api/admin/api-tokens': { access: 'signed-in' },
  'POST /api/admin/api-tokens': { access: 'signed-in' },
  'POST /api/admin/api-tokens/:id/revoke': { access: 'signed-in', outOfScope: (w) => ({ as: w.exhibitorB, id: tokenOfExhibitorA }) },
  'GET /api/dashboard/summary': { access: 'all:view_reports' },
  'GET /api/admin/admins': { access: 'all:manage_admins' },
  'POST /api/admin/admins': { access: 'all:manage_admins' },
  'GET /api/admin/admins/:id': { access: 'all:manage_admins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventAdminB.id }) },
  'PUT /api/admin/admins/:id': {
    access: 'any:manage_admins,update_exhibitor',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id, payload: { firstName: 'Taken' } }),
  },
  'DELETE /api/admin/admins/:id': { access: 'all:manage_admins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id }) },
  'POST /api/admin/admins/:id/invitation': { access: 'all:manage_admins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventAdminB.id }) },
  'POST /api/admin/admins/:id/anonymise': {
    access: 'all:manage_admins',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id }),
  },
  'GET /api/admin/roles': { access: 'any:manage_roles,manage_admins' },
  'GET /api/admin/roles/:id': { access: 'any:manage_roles,manage_admins' },
  'POST /api/admin/roles': { access: 'all:manage_roles' },
  'PUT /api/admin/roles/:id': { access: 'all:manage_roles' },
  'DELETE /api/admin/roles/:id': { access: 'all:manage_roles' },
  'GET /api/admin/permissions': { access: 'any:manage_roles,manage_permissions,manage_admins' },
  'GET /api/admin/companies': { access: 'all:manage_admins' },
  'POST /api/admin/companies': { access: 'all:manage_admins' },
  'GET /api/admin/companies/:id': { access: 'all:manage_admins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.companyB }) },
  'PUT /api/admin/companies/:id': {
    access: 'all:manage_admins',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.companyB, payload: { name: 'Taken' } }),
  },
  'DELETE /api/admin/companies/:id': { access: 'all:manage_admins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.companyB }) },
  'POST /api/auth/accept-invitation': { access: 'public' },
  'POST /api/auth/password-reset/request': { access: 'public' },
  'POST /api/auth/password-reset': { access: 'public' },
  'GET /api/events': { access: 'all:view_events' },
  'POST /api/events': { access: 'all:create_event' },
  'GET /api/events/currencies': { access: 'any:create_event,update_event' },
  'GET /api/events/:id': { access: 'all:view_events', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'PUT /api/events/:id': {
    access: 'all:update_event',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: { name: 'Taken' } }),
  },
  // No built-in event-scoped role may delete events; events.routes.test.ts checks a custom one.
  'DELETE /api/events/:id': { access: 'all:delete_event' },
  'GET /api/admin/exhibitors': { access: 'all:view_exhibitors' },
  'GET /api/admin/exhibitors/export': { access: 'all:view_exhibitors,export_data' },
  'POST /api/admin/exhibitors': { access: 'all:create_exhibitor' },
  'GET /api/admin/exhibitors/:id': { access: 'all:view_exhibitors', outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id }) },
  'DELETE /api/admin/exhibitors/:id': {
    access: 'all:delete_exhibitor',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id }),
  },
  'POST /api/admin/exhibitors/:id/anonymise': {
    access: 'all:delete_exhibitor',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id }),
  },
  'GET /api/admin/sub-accounts': { access: 'all:view_sub_accounts' },
  'GET /api/admin/sub-accounts/export': { access: 'all:view_sub_accounts,export_data' },
  'POST /api/admin/sub-accounts': { access: 'all:create_sub_account' },
  'GET /api/admin/sub-accounts/:id': {
    access: 'all:view_sub_accounts',
    outOfScope: (w) => ({ as: w.exhibitorB, id: w.subAccountA.id }),
  },
  'PUT /api/admin/sub-accounts/:id': {
    access: 'all:create_sub_account',
    outOfScope: (w) => ({ as: w.exhibitorB, id: w.subAccountA.id, payload: { firstName: 'Taken' } }),
  },
  'DELETE /api/admin/sub-accounts/:id': {
    access: 'all:create_sub_account',
    outOfScope: (w) => ({ as: w.eventAdminB, id: w.subAccountA.id }),
  },
  'POST /api/admin/sub-accounts/:id/anonymise': {
    access: 'all:create_sub_account',
    outOfScope: (w) => ({ as: w.exhibitorB, id: w.subAccountA.id }),
  },
  'POST /api/admin/registration-links': { access: 'any:create_exhibitor,create_exhibitor_user' },
  'POST /api/admin/registration-links/user': { access: 'all:create_exhibitor_user' },
  'POST /api/admin/registration-links/user-badge-category': { access: 'all:create_exhibitor_user' },
  'GET /api/registration-links/:id': { access: 'public' },
  'GET /api/admin/registration-links': { access: 'any:create_exhibitor,view_exhibitor_users' },
  'GET /api/admin/registration-links/export': { access: 'all:export_data' },
  'DELETE /api/admin/registration-links/:id': {
    access: 'any:create_exhibitor,create_exhibitor_user',
    outOfScope: (w) => ({ as: w.exhibitorA, id: badgeLinkB }),
  },
  'POST /api/admin/registration-links/:id/create-user': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/admin/exhibitors/:id/invitation': {
    access: 'all:create_exhibitor',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id }),
  },
  'POST /api/admin/registration-links/:id/create': { access: 'public' },
  // scan_leads: an exhibitor's own lead questions (entity type lead); the service decides per field.
  'GET /api/custom-fields': { access: 'any:view_custom_fields,manage_custom_fields,scan_leads' },
  'GET /api/custom-fields/:id': {
    access: 'any:view_custom_fields,manage_custom_fields,scan_leads',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.fieldB }),
  },
  'POST /api/custom-fields': { access: 'any:manage_custom_fields,scan_leads' },
  'PUT /api/custom-fields/:id': {
    access: 'any:manage_custom_fields,scan_leads',
    outOfScope: (w) => ({ as: w.exhibitorA, id: leadQuestionB, payload: { label: 'Taken' } }),
  },
  'DELETE /api/custom-fields/:id': {
    access: 'any:manage_custom_fields,scan_leads',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.fieldB }),
  },
  'PUT /api/custom-fields/order': { access: 'any:manage_custom_fields,scan_leads' },
  'GET /api/admin/custom-fields/badge-category/:id': {
    access: 'any:view_custom_fields,manage_custom_fields',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.categoryB }),
  },
  'GET /api/custom-fields/badge-category/:id': { access: 'public' },
  'GET /api/custom-fields/export': { access: 'all:manage_custom_fields' },
  'POST /api/custom-fields/import/preview': { access: 'all:manage_custom_fields' },
  'POST /api/custom-fields/import': { access: 'all:manage_custom_fields' },
  'GET /api/admin/badge-categories': { access: 'all:view_badge_categories' },
  'GET /api/admin/badge-categories/event/:eventId': { access: 'any:view_badge_categories,view_exhibitor_users,view_users,view_badges,view_registrations' },
  'GET /api/admin/addons/event/:eventId': { access: 'all:view_badge_categories' },
  'GET /api/admin/badge-categories/:id': {
    access: 'any:view_badge_categories,view_exhibitor_users,view_users,view_badges,view_registrations',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.categoryB }),
  },
  'POST /api/admin/badge-categories': { access: 'all:create_badge_category' },
  'PUT /api/admin/badge-categories/:id': {
    access: 'all:update_badge_category',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.categoryB, payload: { name: 'Taken' } }),
  },
  'DELETE /api/admin/badge-categories/:id': {
    access: 'all:delete_badge_category',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.categoryB }),
  },
  'GET /api/admin/allocations': { access: 'all:view_allocation' },
  'GET /api/admin/allocations/export': { access: 'all:view_allocation,export_data' },
  'POST /api/admin/allocations': { access: 'all:create_allocation' },
  'PUT /api/admin/allocations': { access: 'all:update_allocation' },
  'POST /api/admin/allocations/bulk': { access: 'all:create_allocation,update_allocation' },
  'GET /api/admin/exhibitor-users': { access: 'any:view_exhibitor_users,view_users,view_badges,view_registrations' },
  'GET /api/admin/exhibitor-users/export': { access: 'all:export_data' },
  'POST /api/admin/exhibitor-users': { access: 'all:create_exhibitor_user' },
  'POST /api/admin/exhibitor-users/advanced-filter': { access: 'all:view_exhibitor_users' },
  'GET /api/admin/exhibitor-users/:id': {
    access: 'all:view_exhibitor_users',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.badgeB }),
  },
  'PUT /api/admin/exhibitor-users/:id': {
    access: 'any:update_exhibitor_user,update_user',
    outOfScope: (w) => ({ as: w.exhibitorB, id: w.badgeA, payload: { firstName: 'Taken' } }),
  },
  'DELETE /api/admin/exhibitor-users/:id': {
    access: 'all:delete_exhibitor_user',
    outOfScope: (w) => ({ as: w.exhibitorB, id: w.badgeA }),
  },
  'POST /api/admin/exhibitor-users/:id/resend-badge': {
    access: 'any:update_exhibitor_user,update_user',
    outOfScope: (w) => ({ as: w.exhibitorB, id: w.badgeA }),
  },
  'PATCH /api/admin/users/bulk-addon-assignment': { access: 'any:update_exhibitor_user,update_user' },
  'GET /api/admin/exhibitor-users/:id/files/:customFieldId': { access: 'all:view_exhibitor_users' },
  'GET /api/users/:id/files/:customFieldId': { access: 'all:view_users' },
  'GET /api/users': { access: 'any:view_exhibitor_users,view_users,view_badges,view_registrations' },
  'GET /api/users/export': { access: 'all:export_data' },
  'POST /api/users': { access: 'all:create_user' },
  'GET /api/users/:id': { access: 'all:view_users', outOfScope: (w) => ({ as: w.eventAdminB, id: w.badgeA }) },
  'PUT /api/users/:id': {
    access: 'all:update_user',
    outOfScope: (w) => ({ as: w.eventAdminB, id: w.badgeA, payload: { firstName: 'Taken' } }),
  },
  'DELETE /api/users/:id': { access: 'all:delete_user', outOfScope: (w) => ({ as: w.eventAdminB, id: w.badgeA }) },
  'GET /api/admin/allocation-purchases': { access: 'all:view_allocation_purchase' },
  'GET /api/admin/allocation-purchases/export': { access: 'all:view_allocation_purchase,export_data' },
  'POST /api/admin/allocation-purchases': { access: 'all:create_allocation_purchase' },
  // Another event's category: vat.test.ts (the quote refuses it at badgeCategoryId).
  'POST /api/admin/allocation-purchases/quote': { access: 'all:create_allocation_purchase' },
  'GET /api/admin/allocation-purchases/:id': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.id }),
  },
  'PUT /api/admin/allocation-purchases/:id': {
    access: 'any:update_allocation_purchase,create_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.id, payload: { action: 'reject', comment: 'Taken' } }),
  },
  'POST /api/admin/allocation-purchases/:id/reissue-invoice': {
    access: 'all:update_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.id, payload: {} }),
  },
  'POST /api/admin/allocation-purchases/:id/payment-token': {
    access: 'all:create_payment',
    outOfScope: (w) => ({ as: w.exhibitorA, id: purchaseB.id }),
  },
  'POST /api/admin/allocation-purchases/:id/refunds': {
    access: 'all:refund_payment',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.id, payload: { amount: 100, reason: 'Taken' } }),
  },
  'GET /api/admin/allocation-purchases/:id/invoice': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.exhibitorA, id: purchaseB.id }),
  },
  'GET /api/admin/credit-notes/:id': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.creditNoteId }),
  },
  // With a logo in another event too: issuer-logo.routes.test.ts.
  'GET /api/admin/allocation-purchases/:id/invoice/logo': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.exhibitorA, id: purchaseB.id }),
  },
  'GET /api/admin/credit-notes/:id/logo': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.creditNoteId }),
  },
  'GET /api/admin/allocation-purchases/:id/invoice.pdf': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.exhibitorA, id: purchaseB.id }),
  },
  'GET /api/admin/credit-notes/:id.pdf': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.creditNoteId }),
  },
  // `?profile=xrechnung` (the XRechnung) reaches no more than the plain e-invoice.
  'GET /api/admin/allocation-purchases/:id/invoice.xml': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.exhibitorA, id: purchaseB.id, query: { profile: 'xrechnung' } }),
  },
  'GET /api/admin/credit-notes/:id.xml': {
    access: 'all:view_allocation_purchase',
    outOfScope: (w) => ({ as: w.eventAdminA, id: purchaseB.creditNoteId, query: { profile: 'xrechnung' } }),
  },
  // Another event's documents: allocation-purchases.routes.test.ts and invoice-files.test.ts (the matrix substitutes :id only).
  'GET /api/admin/events/:eventId/invoices': { access: 'all:view_allocation_purchase' },
  'POST /api/admin/badge-prints': {
    access: 'all:print_badges',
    outOfScope: (w) => ({ as: w.eventAdminA, id: '', payload: { eventId: w.eventB, sheet: 'single' } }),
  },
  // Another event's settings and test page answer 404: badge-prints.routes.test.ts.
  'GET /api/admin/events/:eventId/badge-print-settings': { access: 'any:manage_badge_layouts,print_badges' },
  'PUT /api/admin/events/:eventId/badge-print-settings': { access: 'all:manage_badge_layouts' },
  'GET /api/admin/events/:eventId/badge-print-settings/test-page.pdf': { access: 'any:manage_badge_layouts,print_badges' },
  'GET /api/admin/events/:eventId/invoices.zip': { access: 'all:view_allocation_purchase' },
  'GET /api/admin/events/:eventId/invoices.csv': { access: 'all:view_allocation_purchase' },
  'GET /api/admin/events/:eventId/invoices.xlsx': { access: 'all:view_allocation_purchase' },
  'GET /api/events/:id/invoicing': { access: 'all:update_event', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'PUT /api/events/:id/invoicing': {
    access: 'all:update_event',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: { issuer: {}, paymentTermsDays: 14, invoicePrefix: 'INV', creditNotePrefix: 'CN' } }),
  },
  // Uploads of another event's logo: issuer-logo.routes.test.ts.
  'GET /api/events/:id/invoicing/logo': { access: 'all:update_event', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'PUT /api/events/:id/invoicing/logo': { access: 'all:update_event', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'DELETE /api/events/:id/invoicing/logo': { access: 'all:update_event', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'GET /api/admin/events/:id/badge-layouts': { access: 'any:manage_badge_layouts,print_badges', outOfScope: (w) => ({ as: w.exhibitorA, id: w.eventB }) },
  'POST /api/admin/events/:id/badge-layouts': {
    access: 'all:manage_badge_layouts',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: layoutBody }),
  },
  'POST /api/admin/events/:id/badge-layouts/preview': {
    access: 'all:manage_badge_layouts',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: { layout: layoutBody } }),
  },
  'PUT /api/admin/events/:id/badge-layout-assignments': {
    access: 'all:manage_badge_layouts',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: { assignments: [] } }),
  },
  'GET /api/admin/badge-layouts/:id': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'PUT /api/admin/badge-layouts/:id': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB, payload: layoutBody }) },
  'DELETE /api/admin/badge-layouts/:id': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'GET /api/admin/badge-layouts/:id/logo': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'PUT /api/admin/badge-layouts/:id/logo': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'DELETE /api/admin/badge-layouts/:id/logo': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'GET /api/admin/badge-layouts/:id/background': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'PUT /api/admin/badge-layouts/:id/background': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'DELETE /api/admin/badge-layouts/:id/background': { access: 'all:manage_badge_layouts', outOfScope: (w) => ({ as: w.eventAdminA, id: layoutB }) },
  'GET /api/admin/exhibitor-users/:id/badge.pdf': { access: 'all:view_exhibitor_users', outOfScope: (w) => ({ as: w.exhibitorB, id: w.badgeA }) },
  'POST /api/payments': { access: 'all:create_payment,update_allocation_purchase' },
  // Another event's statements: bank-statements.security.test.ts (the matrix substitutes :id only).
  'POST /api/admin/events/:eventId/bank-statements/preview': { access: 'all:create_payment,update_allocation_purchase' },
  'POST /api/admin/events/:eventId/bank-statements/confirm': { access: 'all:create_payment,update_allocation_purchase' },
  'GET /api/payment-status/:id': { access: 'public' },
  'GET /api/webhooks/allocation-purchases/:id/sync-payment': { access: 'public' },
  'GET /api/payments/settings': { access: 'public' },
  'GET /api/payments/sandbox/:sessionId': { access: 'public' },
  'POST /api/payments/sandbox/:sessionId': { access: 'public' },
  'POST /api/webhooks/stripe': { access: 'public' },
  'GET /api/admin/email-templates': { access: 'all:view_email_templates' },
  'POST /api/admin/email-templates': { access: 'all:create_email_template' },
  'GET /api/admin/email-templates/:id': { access: 'all:view_email_templates', outOfScope: (w) => ({ as: w.eventAdminA, id: templateB }) },
  'PUT /api/admin/email-templates/:id': {
    access: 'all:update_email_template',
    outOfScope: (w) => ({ as: w.eventAdminA, id: templateB, payload: { name: 'Taken' } }),
  },
  'DELETE /api/admin/email-templates/:id': { access: 'all:delete_email_template', outOfScope: (w) => ({ as: w.eventAdminA, id: templateB }) },
  'POST /api/admin/email-templates/:id/clone': {
    access: 'all:create_email_template',
    outOfScope: (w) => ({ as: w.eventAdminA, id: templateB, payload: { eventId: w.eventA } }),
  },
  'POST /api/admin/email-templates/:id/test': {
    access: 'any:create_email_template,update_email_template',
    outOfScope: (w) => ({ as: w.eventAdminA, id: templateB }),
  },
  'POST /api/admin/email-templates/preview': { access: 'any:create_email_template,update_email_template' },
  // Another event's, exhibitor's or sub-account's target: bulk-imports/*.test.ts (the ids travel in the form, not the path).
  'POST /api/admin/bulk-upload/exhibitors': { access: 'all:create_exhibitor' },
  'GET /api/admin/bulk-upload/exhibitors/template': { access: 'all:create_exhibitor' },
  'POST /api/admin/bulk-upload/sub-accounts': { access: 'all:create_sub_account' },
  'GET /api/admin/bulk-upload/sub-accounts/template': { access: 'all:create_sub_account' },
  'POST /api/admin/bulk-upload/exhibitor-users': { access: 'all:create_exhibitor_user' },
  'GET /api/admin/bulk-upload/exhibitor-users/template': { access: 'all:create_exhibitor_user' },
  // Other events' exhibitors and categories: bulk-send.routes.test.ts (these routes take no :id).
  'GET /api/admin/registration-links/bulk-user-badge-category/template': { access: 'all:create_exhibitor_user' },
  'POST /api/admin/registration-links/bulk-user-badge-category/upload': { access: 'all:create_exhibitor_user' },
  'GET /api/admin/email-outbox': { access: 'all:view_email_outbox' },
  'GET /api/admin/email-outbox/export': { access: 'all:view_email_outbox,export_data' },
  // A device of event B asking for event A's list, scan or badge; a device's own lists: check-in-device.routes.test.ts.
  'GET /api/check-in/me': { access: 'device' },
  'GET /api/check-in/roster': { access: 'device', outOfScope: () => ({ as: deviceB, id: '', query: { listId: String(listA) } }) },
  'POST /api/check-in/redeem': { access: 'device', outOfScope: () => ({ as: deviceB, id: '', payload: scanOf(listA) }) },
  'POST /api/check-in/sync': { access: 'device', outOfScope: () => ({ as: deviceB, id: '', payload: { scans: [scanOf(listA)] } }) },
  'POST /api/check-in/undo': { access: 'device:supervisor', outOfScope: () => ({ as: deviceB, id: '', payload: { checkInId: checkInA, reason: 'Taken' } }) },
  'GET /api/check-in/recent': { access: 'device', outOfScope: () => ({ as: deviceB, id: '', query: { listId: String(listA) } }) },
  'GET /api/check-in/conflicts': { access: 'device:supervisor' },
  'POST /api/check-in/conflicts/:id/resolve': { access: 'device:supervisor', outOfScope: () => ({ as: deviceB, id: checkInA }) },
  'GET /api/check-in/walk-in-options': { access: 'device:supervisor' },
  'POST /api/check-in/walk-ins': {
    access: 'device:supervisor',
    outOfScope: (w) => ({
      as: deviceB,
      id: '',
      payload: { listId: listA, categoryId: w.categoryA, firstName: 'Taken', lastName: 'T', email: 'taken@a.example', nonce: 'walk-in-nonce-1' },
    }),
  },
  'GET /api/check-in/badges/:id/badge.pdf': { access: 'device:supervisor', outOfScope: (w) => ({ as: deviceB, id: w.badgeA }) },
  'POST /api/admin/check-ins/:id/undo': {
    access: 'all:manage_check_in',
    outOfScope: (w) => ({ as: w.eventAdminB, id: checkInA, payload: { reason: 'Taken' } }),
  },
  'POST /api/admin/check-ins/:id/resolve': { access: 'all:manage_check_in', outOfScope: (w) => ({ as: w.eventAdminB, id: checkInA }) },
  'POST /api/admin/email-outbox/:id/retry': { access: 'all:view_email_outbox', outOfScope: (w) => ({ as: w.eventAdminA, id: outboxB }) },
  // Check-in, organiser side: event A's admin asking for event B's lists, devices and log.
  'GET /api/admin/events/:eventId/check-in-lists': { access: 'any:view_check_ins,manage_check_in', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'POST /api/admin/events/:eventId/check-in-lists': {
    access: 'all:manage_check_in',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: checkInListBody }),
  },
  'PUT /api/admin/check-in-lists/:id': { access: 'all:manage_check_in', outOfScope: (w) => ({ as: w.eventAdminA, id: checkInListB, payload: checkInListBody }) },
  'DELETE /api/admin/check-in-lists/:id': { access: 'all:manage_check_in', outOfScope: (w) => ({ as: w.eventAdminA, id: checkInListB }) },
  'GET /api/admin/events/:eventId/check-in-devices': { access: 'all:manage_check_in', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'POST /api/admin/events/:eventId/check-in-devices': {
    access: 'all:manage_check_in',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, payload: { name: 'Taken', listIds: [checkInListB] } }),
  },
  'PUT /api/admin/check-in-devices/:id': {
    access: 'all:manage_check_in',
    outOfScope: (w) => ({ as: w.eventAdminA, id: checkInDeviceB, payload: { name: 'Taken', listIds: [checkInListB] } }),
  },
  'POST /api/admin/check-in-devices/:id/pairing-code': { access: 'all:manage_check_in', outOfScope: (w) => ({ as: w.eventAdminA, id: checkInDeviceB }) },
  'POST /api/admin/check-in-devices/:id/revoke': { access: 'all:manage_check_in', outOfScope: (w) => ({ as: w.eventAdminA, id: checkInDeviceB }) },
  'POST /api/check-in/pair': { access: 'public' },
  'GET /api/admin/events/:eventId/check-ins': { access: 'all:view_check_ins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'GET /api/admin/events/:eventId/check-ins/export': {
    access: 'all:view_check_ins',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB, query: { format: 'xlsx' } }),
  },
  'GET /api/admin/events/:eventId/check-in-figures': { access: 'all:view_check_ins', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  // Exhibitor B scanning event A's badge, or naming exhibitor A's lead; a sub-account's reach: leads.routes.test.ts.
  'POST /api/leads': { access: 'all:scan_leads', outOfScope: (w) => ({ as: w.exhibitorB, id: '', payload: leadScanOf(badgeACode) }) },
  'GET /api/leads': { access: 'all:scan_leads' },
  'GET /api/leads/figures': { access: 'all:scan_leads' },
  'GET /api/leads/export': { access: 'all:scan_leads' },
  'GET /api/leads/exports': { access: 'all:scan_leads' },
  'GET /api/leads/team-settings': { access: 'all:scan_leads' },
  'PUT /api/leads/team-settings': { access: 'all:scan_leads' },
  'GET /api/leads/access': { access: 'all:scan_leads' },
  'GET /api/leads/seats': { access: 'all:scan_leads' },
  'PUT /api/leads/seats': {
    access: 'all:scan_leads',
    outOfScope: (w) => ({ as: w.exhibitorB, id: '', payload: { adminIds: [w.exhibitorA.id] } }),
  },
  'GET /api/leads/:id': { access: 'all:scan_leads', outOfScope: (w) => ({ as: w.exhibitorB, id: leadA }) },
  'PUT /api/leads/:id': { access: 'all:scan_leads', outOfScope: (w) => ({ as: w.exhibitorB, id: leadA, payload: { rating: 'hot' } }) },
  'DELETE /api/leads/:id': { access: 'all:scan_leads', outOfScope: (w) => ({ as: w.exhibitorB, id: leadA }) },
  'GET /api/admin/events/:eventId/lead-settings': { access: 'all:manage_leads', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'PUT /api/admin/events/:eventId/lead-settings': {
    access: 'all:manage_leads',
    outOfScope: (w) => ({
      as: w.eventAdminA,
      id: w.eventB,
      payload: { releasedFields: [], askConsent: false, retentionDays: 60, scanningByDefault: true },
    }),
  },
  'GET /api/admin/events/:eventId/lead-consent': {
    access: 'any:view_exhibitor_users,view_users,view_badges,view_registrations',
    outOfScope: (w) => ({ as: w.exhibitorA, id: w.eventB }),
  },
  'GET /api/admin/events/:eventId/lead-summaries': { access: 'all:manage_leads', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'GET /api/audit': { access: 'all:view_logs' },
  'GET /api/audit/export': { access: 'all:view_logs,export_data' },
  // Each kind asks its record's own read permission and scope: audit.routes.test.ts.
  'GET /api/audit/records/:kind/:id': { access: 'signed-in' },
  'PUT /api/admin/exhibitors/:id/lead-access': {
    access: 'all:manage_leads',
    outOfScope: (w) => ({ as: w.eventAdminA, id: w.exhibitorB.id, payload: { scanningEnabled: false } }),
  },
  'GET /api/admin/events/:eventId/webhooks': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.eventAdminA, id: w.eventB }) },
  'POST /api/admin/events/:eventId/webhooks': {
    access: 'all:manage_webhooks',
    outOfScope: (w) => ({ as: w.exhibitorA, id: w.eventB, payload: webhookBody }),
  },
  'GET /api/admin/webhooks/:id': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.eventAdminA, id: webhookB }) },
  'PUT /api/admin/webhooks/:id': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.eventAdminA, id: webhookB, payload: webhookBody }) },
  'DELETE /api/admin/webhooks/:id': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.eventAdminA, id: webhookB }) },
  'POST /api/admin/webhooks/:id/rotate-secret': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.exhibitorA, id: webhookB }) },
  'POST /api/admin/webhooks/:id/test': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.eventAdminA, id: webhookB }) },
  'GET /api/admin/webhooks/:id/deliveries': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.exhibitorA, id: webhookB }) },
  'POST /api/admin/webhook-deliveries/:id/redeliver': { access: 'all:manage_webhooks', outOfScope: (w) => ({ as: w.eventAdminA, id: webhookDeliveryB }) },
};

/** An invoiced purchase of event B with a credit note, made in beforeAll. */
let purchaseB: { id: number; creditNoteId: number };
/** An email template of event B, made in beforeAll. */
let templateB: number;
/** A queued message of event B, made in beforeAll. */
let outboxB: number;
/** A badge layout of event B, made in beforeAll. */
let layoutB: number;
const layoutBody = { name: 'Taken', pageSize: 'a6', elements: [] };
/** Event A's check-in list and an admitted scan on it; a supervisor device of event B (its own list). */
let listA: number;
let checkInA: number;
let deviceB: TestDevice;
const scanOf = (listId: number) => ({ code: 'NO-SUCH-CODE', listId, nonce: 'scan-nonce-0001', scannedAt: new Date().toISOString() });
/** A check-in list and a device of event B, made in beforeAll. */
let checkInListB: number;
let checkInDeviceB: number;
const checkInListBody = { name: 'Taken', rules: [{ badgeType: 'exhibitor' }] };
/** Event A's badge code and exhibitor A's lead of it, made in beforeAll. */
let badgeACode: string;
let leadA: number;
const leadScanOf = (code: string) => ({ code, nonce: 'lead-nonce-0001', scannedAt: new Date().toISOString() });
/** A badge registration link of event B's exhibitor, made in beforeAll. */
const badgeLinkB = 'badge-link-of-event-b-0001';
/** A lead question of event B's exhibitor, made in beforeAll. */
let leadQuestionB: number;
/** An API token of exhibitor A, made in beforeAll. */
let tokenOfExhibitorA: number;

/** What an API token may never do: the whole route, or the body fields named. */
const SESSION_ONLY: Record<string, true | string[]> = {
  'POST /api/admin/auth/login': true,
  'POST /api/auth/refresh': true,
  'POST /api/auth/logout': true,
  'POST /api/auth/accept-invitation': true,
  'POST /api/auth/password-reset/request': true,
  'POST /api/auth/password-reset': true,
  'GET /api/integrations/jwt/verify/:token': true,
  'GET /api/admin/api-tokens': true,
  'POST /api/admin/api-tokens': true,
  'POST /api/admin/api-tokens/:id/revoke': true,
  'POST /api/admin/admins': ['password'],
  'PUT /api/admin/admins/:id': ['password', 'email'],
  'POST /api/admin/exhibitors': ['password'],
  'POST /api/admin/sub-accounts': ['password'],
  'PUT /api/admin/sub-accounts/:id': ['password', 'email'],
};
/** Event B's organiser's webhook endpoint and a message queued to it, made in beforeAll. */
let webhookB: number;
let webhookDeliveryB: number;
const webhookBody = { url: 'https://93.184.216.34/hook', eventTypes: ['badge.created'] };

function describeAccess(access: RouteAccess): string {
  if (access.kind === 'device') return access.role ? `device:${access.role}` : 'device';
  if (access.kind !== 'permission') return access.kind;
  return `${access.requirement.mode}:${access.requirement.permissions.join(',')}`;
}

const sampleUrl = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (name === 'token' ? 'x.y.z' : '999999'));

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 10_000 });
  w = await createWorld(t);
  purchaseB = await invoicedPurchase(t, w);
  const [template] = await t.db
    .insert(emailTemplates)
    .values({ eventId: w.eventB, name: 'B welcome', purpose: 'invitation', subject: 'Hello', htmlBody: '<p>Hello</p>' })
    .returning({ id: emailTemplates.id });
  templateB = template!.id;
  const [layout] = await t.db
    .insert(badgeLayouts)
    .values({ eventId: w.eventB, name: 'B badges', pageSize: 'a6', orientation: 'portrait', elements: [] })
    .returning({ id: badgeLayouts.id });
  layoutB = layout!.id;
  outboxB = await enqueueEmail(t.db, { toAddress: 'b@test.example', subject: 'B', textBody: 'B', purpose: 'test', eventId: w.eventB, exhibitorId: w.exhibitorB.id });
  const [checkInList] = await t.db
    .insert(checkInLists)
    .values({ eventId: w.eventB, name: 'B hall', rules: [{ badgeType: 'exhibitor', windows: [] }] })
    .returning({ id: checkInLists.id });
  checkInListB = checkInList!.id;
  const [checkInDevice] = await t.db.insert(checkInDevices).values({ eventId: w.eventB, name: 'B door' }).returning({ id: checkInDevices.id });
  checkInDeviceB = checkInDevice!.id;
  await t.db
    .insert(registrationLinks)
    .values({ id: badgeLinkB, kind: 'badge', eventId: w.eventB, badgeCategoryId: w.categoryB, exhibitorId: w.exhibitorB.id });
  const [question] = await t.db
    .insert(customFields)
    .values({ eventId: w.eventB, entityType: 'lead', exhibitorId: w.exhibitorB.id, label: 'Budget', key: 'budget', type: 'text' })
    .returning({ id: customFields.id });
  leadQuestionB = question!.id;
  tokenOfExhibitorA = (await issueApiToken(t, w.exhibitorA, ['view_exhibitor_users'])).id;
  listA = await createCheckInList(t, w.eventA);
  const deviceA = await pairTestDevice(t, { eventId: w.eventA, listIds: [listA], role: 'supervisor' });
  deviceB = await pairTestDevice(t, { eventId: w.eventB, listIds: [await createCheckInList(t, w.eventB)], role: 'supervisor' });
  const [badge] = await t.db.select({ code: badges.code }).from(badges).where(eq(badges.id, w.badgeA));
  const admitted = await t.request(deviceA, { method: 'POST', url: '/api/check-in/redeem', payload: { ...scanOf(listA), code: badge!.code } });
  checkInA = admitted.json().data.checkInId;
  badgeACode = badge!.code;
  const lead = await t.request(w.exhibitorA, { method: 'POST', url: '/api/leads', payload: leadScanOf(badgeACode) });
  leadA = lead.json().data.lead.id;
  const webhook = await insertEndpoint(t.db, { eventId: w.eventB, url: webhookBody.url, eventTypes: webhookBody.eventTypes, secret: 'whsec_dGVzdA==' });
  webhookB = webhook.id;
  webhookDeliveryB = (await insertDelivery(t.db, webhookB, 'webhook.test', {})).id;
});
afterAll(() => t.close());

describe('access matrix', () => {
  it('lists every route of the server, each with the access it declares', () => {
    const declared = Object.fromEntries(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, describeAccess(r.access)]));
    expect(Object.keys(declared).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [route, { access }] of Object.entries(EXPECTED)) expect(declared[route], route).toBe(access);
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    for (const { method, url, access } of t.app.routeTable) {
      if (access.kind === 'public') continue;
      const res = await t.request(null, { method: method as HTTPMethods, url: sampleUrl(url), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('answers 403 to a signed-in admin without the permission on every guarded route', async () => {
    for (const { method, url, access } of t.app.routeTable) {
      if (access.kind !== 'permission') continue;
      const res = await t.request(w.noRole, { method: method as HTTPMethods, url: sampleUrl(url), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 403 to an exhibitor and a sub-account on every admin-only route', async () => {
    const adminOnly = t.app.routeTable.filter(
      (r) => r.access.kind === 'permission' && r.access.requirement.permissions.some((p) => p === 'manage_admins' || p === 'manage_roles' || p === 'view_reports'),
    );
    for (const user of [w.exhibitorA, w.subAccountA, w.vipAdminA]) {
      for (const { method, url } of adminOnly) {
        const res = await t.request(user, { method: method as HTTPMethods, url: sampleUrl(url), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it.each(Object.entries(EXPECTED).filter(([, e]) => e.outOfScope))(
    '%s answers 404 for a record of another event',
    async (route, { outOfScope }) => {
      const [method, url] = route.split(' ') as [HTTPMethods, string];
      const { as, id, payload, query } = outOfScope!(w);
      const search = query ? `?${new URLSearchParams(query).toString()}` : '';
      // The record's id, or the event's for a route under /events/:eventId.
      const res = await t.request(as, { method, url: `${url.replace(/:(id|eventId)\b/, String(id))}${search}`, payload });
      expect(res.statusCode).toBe(404);
    },
  );
});

describe('API tokens', () => {
  it('declares what a token may never do on exactly these routes', () => {
    const declared = Object.fromEntries(t.app.routeTable.filter((r) => r.sessionOnly).map((r) => [`${r.method} ${r.url}`, r.sessionOnly]));
    expect(declared).toEqual(SESSION_ONLY);
  });

  it('allows and refuses every route to a token exactly as to an account holding only the token’s permissions', async () => {
    const held = (await t.request(w.eventAdminA, { method: 'GET', url: '/api/auth/me' })).json().data.permissions as Permission[];
    // Every other permission of an organiser, so that each kind of route meets both answers.
    const subset = held.filter((_, index) => index % 2 === 0);
    const peer = await t.createUser({ roles: [(await createRoleWith(t, subset)).name], eventId: w.eventA });
    expect((await t.request(peer, { method: 'GET', url: '/api/auth/me' })).json().data.type).toBe('eventAdmin');
    const token = await issueApiToken(t, w.eventAdminA, subset);
    const outcomes = { allowed: 0, refused: 0 };
    for (const { method, url, access, sessionOnly } of t.app.routeTable) {
      if (access.kind === 'public' || access.kind === 'device') continue;
      const request = { method: method as HTTPMethods, url: sampleUrl(url), payload: {} };
      const asToken = await t.request(token, request);
      if (sessionOnly === true) {
        expect(asToken.statusCode, `${method} ${url}`).toBe(403);
        continue;
      }
      const asPeer = await t.request(peer, request);
      expect(asToken.statusCode === 403, `${method} ${url}: ${asToken.statusCode} for the token, ${asPeer.statusCode} for the account`).toBe(
        asPeer.statusCode === 403,
      );
      outcomes[asPeer.statusCode === 403 ? 'refused' : 'allowed'] += 1;
    }
    expect(outcomes.allowed).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(20);
  });
});

describe('resending a badge', () => {
  const resend = (as: TestUser, id: number) => t.request(as, { method: 'POST', url: `/api/admin/exhibitor-users/${id}/resend-badge` });

  it('is for whoever may edit the badge, within its reach; a cancelled badge answers 410', async () => {
    expect((await resend(w.exhibitorA, w.badgeA)).statusCode).toBe(202);
    expect((await resend(w.eventAdminA, w.badgeA)).statusCode).toBe(202);
    // Another exhibitor's, another event's, a badge type the caller may not see: not found.
    expect((await resend(w.exhibitorB, w.badgeA)).statusCode).toBe(404);
    expect((await resend(w.eventAdminB, w.badgeA)).statusCode).toBe(404);
    expect((await resend(w.vipAdminA, w.badgeA)).statusCode).toBe(404);
    expect((await resend(w.noRole, w.badgeA)).statusCode).toBe(403);
    const [cancelled] = await t.db
      .insert(badges)
      .values({ eventId: w.eventA, badgeCategoryId: w.categoryA, exhibitorId: w.exhibitorA.id, firstName: 'Cy', lastName: 'C', email: 'cy@a.example', badgeType: 'exhibitor', code: 'CANCEL2345', status: 'cancelled' })
      .returning({ id: badges.id });
    expect((await resend(w.exhibitorA, cancelled!.id)).statusCode).toBe(410);
    // Out of reach comes first: a cancelled badge of another exhibitor is not found, not gone.
    expect((await resend(w.exhibitorB, cancelled!.id)).statusCode).toBe(404);
  });
});
