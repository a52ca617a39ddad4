import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { FILE_MEDIA_TYPE } from './route-schemas';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * One line per operation for the OpenAPI document, for the routes that do not state their own
 * `schema.summary`. A route missing here still gets `fallbackSummary`, which the OpenAPI test refuses.
 */
export const SUMMARIES: Record<string, string> = {
  'POST /api/admin/auth/login': 'Signs in with email and password',
  'POST /api/auth/refresh': 'Trades a refresh token for a new token pair',
  'POST /api/auth/logout': 'Ends the sign-in of a refresh token',
  'POST /api/auth/accept-invitation': 'An invited account chooses its password and is signed in',
  'GET /api/auth/me': 'The signed-in account with its permissions',
  'GET /api/admin/admins': 'Lists admin accounts',
  'POST /api/admin/admins': 'Creates an admin account',
  'GET /api/admin/admins/{id}': 'One admin account',
  'PUT /api/admin/admins/{id}': 'Updates an admin account or an exhibitor’s profile',
  'DELETE /api/admin/admins/{id}': 'Deletes an admin account',
  'GET /api/admin/roles': 'Lists roles',
  'POST /api/admin/roles': 'Creates a role',
  'GET /api/admin/roles/{id}': 'One role with its permissions',
  'PUT /api/admin/roles/{id}': 'Updates a role',
  'DELETE /api/admin/roles/{id}': 'Deletes a role no account holds',
  'GET /api/admin/permissions': 'Lists every permission',
  'GET /api/admin/companies': 'Lists companies',
  'POST /api/admin/companies': 'Creates a company',
  'GET /api/admin/companies/{id}': 'One company',
  'PUT /api/admin/companies/{id}': 'Updates a company',
  'DELETE /api/admin/companies/{id}': 'Deletes a company',
  'GET /api/dashboard/summary': 'Counts and recent activity for the dashboard',
  'GET /api/events': 'Lists events',
  'POST /api/events': 'Creates an event',
  'GET /api/events/{id}': 'One event',
  'PUT /api/events/{id}': 'Updates an event',
  'DELETE /api/events/{id}': 'Deletes an event',
  'GET /api/admin/exhibitors': 'Lists exhibitors',
  'POST /api/admin/exhibitors': 'Creates an exhibitor and invites it',
  'GET /api/admin/exhibitors/{id}': 'One exhibitor with its profile',
  'DELETE /api/admin/exhibitors/{id}': 'Deletes an exhibitor and its sub-accounts',
  'GET /api/admin/sub-accounts': 'Lists sub-accounts',
  'POST /api/admin/sub-accounts': 'Creates a sub-account of an exhibitor',
  'GET /api/admin/sub-accounts/{id}': 'One sub-account',
  'PUT /api/admin/sub-accounts/{id}': 'Updates a sub-account',
  'DELETE /api/admin/sub-accounts/{id}': 'Deletes a sub-account',
  'POST /api/admin/registration-links': 'Creates a registration link for an event',
  'GET /api/admin/registration-links': 'Lists registration links',
  'GET /api/registration-links/{id}': 'The event a registration link registers for (no sign-in)',
  'GET /api/admin/badge-categories': 'Lists badge categories and add-ons',
  'POST /api/admin/badge-categories': 'Creates a badge category or add-on',
  'GET /api/admin/badge-categories/event/{eventId}': 'The badge categories of an event the caller may see',
  'GET /api/admin/addons/event/{eventId}': 'The add-ons of an event',
  'GET /api/admin/badge-categories/{id}': 'One badge category',
  'PUT /api/admin/badge-categories/{id}': 'Updates a badge category',
  'DELETE /api/admin/badge-categories/{id}': 'Deletes a badge category nothing uses',
  'GET /api/custom-fields': 'Lists custom fields',
  'POST /api/custom-fields': 'Creates a custom field',
  'GET /api/custom-fields/{id}': 'One custom field',
  'PUT /api/custom-fields/{id}': 'Updates a custom field',
  'DELETE /api/custom-fields/{id}': 'Deletes a custom field',
  'GET /api/admin/custom-fields/badge-category/{id}': 'The fields of a badge category’s form',
  'GET /api/custom-fields/export': 'Exports the custom fields of an event as a file',
  'GET /api/admin/allocations': 'Lists allocations with what is used and reserved',
  'POST /api/admin/allocations': 'Sets an allocation’s quantity, creating it when missing',
  'PUT /api/admin/allocations': 'Sets an allocation’s quantity, creating it when missing',
  'POST /api/admin/allocations/bulk': 'Sets or adds many allocations of an event, all or nothing',
  'GET /api/admin/exhibitor-users': 'Lists badges',
  'POST /api/admin/exhibitor-users': 'Registers a badge (JSON or multipart with files)',
  'GET /api/admin/exhibitor-users/{id}': 'One badge with its answers and add-ons',
  'PUT /api/admin/exhibitor-users/{id}': 'Updates a badge',
  'DELETE /api/admin/exhibitor-users/{id}': 'Deletes a badge and gives its place back',
  'POST /api/admin/exhibitor-users/advanced-filter': 'Lists badges matching and/or conditions',
  'GET /api/users': 'Lists badges (organiser view)',
  'POST /api/users': 'Registers a badge (organiser view)',
  'GET /api/users/{id}': 'One badge (organiser view)',
  'PUT /api/users/{id}': 'Updates a badge (organiser view)',
  'DELETE /api/users/{id}': 'Deletes a badge (organiser view)',
  'PATCH /api/admin/users/bulk-addon-assignment': 'Assigns or removes an add-on on many badges, all or nothing',
  'GET /api/admin/allocation-purchases': 'Lists requests to buy more badge places',
  'GET /api/admin/allocation-purchases/{id}': 'One request to buy badge places',
  'POST /api/admin/allocation-purchases': 'Asks to buy more places of a badge category, priced by the server',
  'PUT /api/admin/allocation-purchases/{id}': 'Approves, rejects or withdraws a purchase request',
  'POST /api/admin/allocation-purchases/{id}/reissue-invoice': 'Cancels a purchase’s invoice with a credit note and issues a new one',
  'POST /api/admin/allocation-purchases/{id}/payment-token': 'Starts paying an approved purchase and says where to pay',
  'POST /api/admin/allocation-purchases/{id}/refunds': 'Refunds part or all of a paid purchase and issues a credit note',
  'POST /api/payments': 'Records a bank transfer that paid a purchase',
  'GET /api/payment-status/{id}':
    'A purchase’s payment status, amount and event, for the holder of its signed status link or a session that sees it',
  'GET /api/webhooks/allocation-purchases/{id}/sync-payment':
    'Asks the payment provider about a purchase (at most every few seconds), then answers its payment status, as above',
  'GET /api/payments/settings': 'The payment provider of new checkouts, and whether its payments are tests (no sign-in)',
  'POST /api/webhooks/stripe': 'Receives Stripe’s signed payment events',
  'GET /api/payments/sandbox/{sessionId}': 'A sandbox checkout: what is paid for and how much (no sign-in)',
  'POST /api/payments/sandbox/{sessionId}': 'Ends a sandbox checkout as paid, failed or abandoned (no sign-in)',
  'GET /api/admin/allocation-purchases/{id}/invoice': 'A purchase’s current invoice, as issued',
  'GET /api/admin/credit-notes/{id}': 'One credit note, as issued',
  'GET /api/admin/events/{eventId}/invoices.csv': 'The register of the event’s invoices and credit notes the caller reaches, as CSV',
  'GET /api/admin/events/{eventId}/invoices.xlsx': 'The register of the event’s invoices and credit notes the caller reaches, as an .xlsx workbook',
  'GET /api/events/{id}/invoicing': 'Who issues the event’s invoices, on what terms and with which number prefixes',
  'PUT /api/events/{id}/invoicing': 'Set the event’s issuer, payment terms, footer and number prefixes (later invoices only)',
  'GET /api/admin/events/{eventId}/invoices': 'Every invoice and credit note of an event, in number order',
  // Email templates
  'GET /api/admin/email-templates': 'Lists email templates',
  'POST /api/admin/email-templates': 'Creates an email template, global or for an event',
  'GET /api/admin/email-templates/{id}': 'One email template',
  'PUT /api/admin/email-templates/{id}': 'Updates an email template',
  'DELETE /api/admin/email-templates/{id}': 'Deletes an email template',
  'POST /api/admin/email-templates/{id}/clone': 'Copies an email template to an event',
  'POST /api/admin/email-templates/{id}/test': 'Queues the template with sample values to the caller’s own address',
  'POST /api/admin/email-templates/preview': 'Renders a template body with sample values, without saving',
  'GET /api/admin/registration-links/bulk-user-badge-category/template': 'The .xlsx to list the recipients of bulk registration links in',
  'POST /api/admin/registration-links/bulk-user-badge-category/upload':
    'Checks a recipients file (step=validate) or sends one single-use badge link per row (step=send), all or nothing',
  'GET /api/admin/email-outbox': 'Lists outgoing messages with their delivery status (bodies only of messages without links)',
  'POST /api/admin/email-outbox/{id}/retry': 'Makes an unsent message due now; a sent one answers 409',
};

const words = (url: string) =>
  url
    .split('/')
    .filter((part) => part && part !== 'api')
    // `{id}` reads "by id"; a file's extension is a word of its own (`{id}.pdf`, `invoices.zip`).
    .map((part) => part.replace(/\{(\w+)\}/g, ' by $1 ').replace(/[-.]/g, ' ').trim().replace(/\s+/g, ' '));

/** `GET admin badge categories by id`: a placeholder for a route nobody described yet. */
export const fallbackSummary = (method: string, path: string) => `${method} ${words(path).join(' ')}`;

/** `getAdminBadgeCategoriesById` for `GET /api/admin/badge-categories/{id}`: unique, since method and path are. */
export function operationId(method: string, url: string): string {
  const camel = words(url)
    .join(' ')
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return `${method.toLowerCase()}${camel}`;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The zod transform of every route, plus what the document needs of each operation: an
 * operationId, a summary, `security: []` on public routes so that the global bearer
 * requirement does not claim them, and the session's bearer alone where an API token is refused.
 */
export function operationTransform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input) as { schema: FastifySchema; url: string };
  const schema = transformed.schema;
  if (!schema || schema.hide) return transformed;
  const method = [input.route.method].flat()[0]!.toUpperCase();
  const path = openApiPath(input.url);
  schema.operationId ??= operationId(method, path);
  // A file answer (`fileResponse`): binary content of its media type rather than JSON.
  const responses = schema.response as Record<string, Record<string, unknown>> | undefined;
  const mediaType = responses?.['200']?.[FILE_MEDIA_TYPE];
  if (responses && typeof mediaType === 'string') {
    responses['200'] = {
      description: responses['200']!.description,
      content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  schema.summary ??= SUMMARIES[`${method} ${path}`] ?? fallbackSummary(method, path);
  if (input.route.config?.access?.kind === 'public') schema.security = [];
  else if (input.route.config?.access?.kind === 'device') schema.security = [{ device: [] }];
  // A person's session only: an API token is refused here (sign-in, sessions, making tokens).
  else if (input.route.config?.sessionOnly === true) schema.security = [{ bearer: [] }];
  return transformed;
}
