import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { MAX_FILE_SIZE_BYTES } from '@portal/shared/custom-fields';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { adminsRoutes } from './features/admins/admins.routes';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes';
import { createApiTokensService } from './features/api-tokens/api-tokens.service';
import { createAdminsService } from './features/admins/admins.service';
import { createAccessTokens } from './features/auth/access-tokens';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createPasswordReset } from './features/auth/password-reset';
import { createSsoVerifier } from './features/auth/sso';
import { allocationPurchasesRoutes } from './features/allocation-purchases/allocation-purchases.routes';
import { createAllocationPurchasesService } from './features/allocation-purchases/allocation-purchases.service';
import { noVatRegistry, viesRegistry } from './features/invoices/vat-registry';
import { allocationsRoutes } from './features/allocations/allocations.routes';
import { createAllocationsService } from './features/allocations/allocations.service';
import { badgeLayoutsRoutes } from './features/badge-layouts/badge-layouts.routes';
import { createBadgeLayoutsService } from './features/badge-layouts/badge-layouts.service';
import { badgesRoutes } from './features/badges/badges.routes';
import { createBadgeArtist } from './features/badge-prints/badge-artist';
import { badgePrintsRoutes } from './features/badge-prints/badge-prints.routes';
import { createBadgePrintsService } from './features/badge-prints/badge-prints.service';
import { bulkImportsRoutes } from './features/bulk-imports/bulk-imports.routes';
import { checkInDevicesRoutes } from './features/check-in/check-in-devices.routes';
import { createCheckInDevicesService } from './features/check-in/check-in-devices.service';
import { checkInListsRoutes } from './features/check-in/check-in-lists.routes';
import { createCheckInListsService } from './features/check-in/check-in-lists.service';
import { checkInLogRoutes } from './features/check-in/check-in-log.routes';
import { createCheckInLogService } from './features/check-in/check-in-log.service';
import { createBulkImportsService } from './features/bulk-imports/bulk-imports.service';
import { createBadgesService } from './features/badges/badges.service';
import { checkInDeviceRoutes } from './features/check-in/check-in-device.routes';
import { createCheckInDeviceService } from './features/check-in/check-in-device.service';
import { checkInScansRoutes } from './features/check-in/check-in-scans.routes';
import { createCheckInScansService } from './features/check-in/check-in-scans.service';
import { createFieldValues } from './features/badges/field-values';
import { badgeCategoriesRoutes } from './features/badge-categories/badge-categories.routes';
import { createBadgeCategoriesService } from './features/badge-categories/badge-categories.service';
import { companiesRoutes } from './features/companies/companies.routes';
import { createCompaniesService } from './features/companies/companies.service';
import { customFieldsRoutes } from './features/custom-fields/custom-fields.routes';
import { createCustomFieldsService } from './features/custom-fields/custom-fields.service';
import { leadSettingsRoutes } from './features/lead-settings/lead-settings.routes';
import { createLeadSettingsService } from './features/lead-settings/lead-settings.service';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { createDashboardService } from './features/dashboard/dashboard.service';
import { eBadgesRoutes } from './features/e-badges/e-badges.routes';
import { createEBadgesService } from './features/e-badges/e-badges.service';
import { createSmtpTransport, messageIdDomain, startOutboxWorker } from './features/email/outbox-worker';
import { emailTemplatesRoutes } from './features/email-templates/email-templates.routes';
import { emailOutboxRoutes } from './features/email/email-outbox.routes';
import { createEmailOutboxService } from './features/email/email-outbox.service';
import { createEmailTemplatesService } from './features/email-templates/email-templates.service';
import { eventsRoutes } from './features/events/events.routes';
import { createEventsService } from './features/events/events.service';
import { exhibitorsRoutes } from './features/exhibitors/exhibitors.routes';
import { createExhibitorsService } from './features/exhibitors/exhibitors.service';
import { copyLocalFilesToDatabase, createDatabaseFileStore, createLocalFileStore } from './features/files/file-store';
import { startFileSweeper } from './features/files/file-sweeper';
import { startInvitationSweeper } from './features/auth/pending-invitations';
import { createFilesService } from './features/files/files.service';
import { healthRoutes } from './features/health/health.routes';
import { invoiceSettingsRoutes } from './features/invoices/invoice-settings.routes';
import { createInvoiceSettingsService } from './features/invoices/invoice-settings.service';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { createInvoicesService } from './features/invoices/invoices.service';
import { leadsRoutes } from './features/leads/leads.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { createAuditService } from './features/audit/audit.service';
import { createLeadsService } from './features/leads/leads.service';
import { createPdfPool } from './features/invoices/pdf-workers';
import { paymentsRoutes, stripeWebhookRoutes } from './features/payments/payments.routes';
import { bankStatementsRoutes } from './features/bank-statements/bank-statements.routes';
import { createBankStatementsService } from './features/bank-statements/bank-statements.service';
import { createPaymentStatusLinks } from './features/payments/payment-links';
import { createPaymentSettlement } from './features/payments/payment-settlement';
import { createPaymentStatusService } from './features/payments/payment-status.service';
import { startPaymentSweeper } from './features/payments/payment-sweeper';
import { startLeadRetentionSweeper } from './features/leads-retention/lead-retention-sweeper';
import { createPaymentsService } from './features/payments/payments.service';
import { createPaymentProviders } from './features/payments/providers';
import type { StripeGateway } from './features/payments/stripe-provider';
import { registrationLinksRoutes } from './features/registration-links/registration-links.routes';
import { bulkSendRoutes } from './features/registration-links/bulk-send.routes';
import { createBulkSendService } from './features/registration-links/bulk-send.service';
import { createRegistrationLinksService } from './features/registration-links/registration-links.service';
import { subAccountsRoutes } from './features/sub-accounts/sub-accounts.routes';
import { createSubAccountsService } from './features/sub-accounts/sub-accounts.service';
import { rolesRoutes } from './features/roles/roles.routes';
import { parseAllowList, systemResolver } from './features/webhooks/address-guard';
import { startWebhookWorker } from './features/webhooks/webhook-worker';
import { webhooksRoutes } from './features/webhooks/webhooks.routes';
import { createWebhooksService } from './features/webhooks/webhooks.service';
import { createRolesService } from './features/roles/roles.service';
import { createMemoryLimiter, createRedisLimiter } from './lib/attempt-limiter';
import { guardedValidatorCompiler } from './lib/input-guard';
import { serializeError, serializeRequest } from './lib/log-serializers';
import { FORM_FIELDS_MAX_BYTES, MAX_FORM_FILES } from './lib/multipart-form';
import { refuseUntakenInput } from './lib/unknown-fields';
import { operationTransform } from './lib/openapi';
import access from './plugins/access';
import errorHandler from './plugins/error-handler';
import { securityHeaders } from './plugins/security-headers';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Signs access tokens; from APP_SECRET, or kept in DATA_DIR for the embedded database. */
  secret: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
  /** Stands in for Stripe's API (tests run offline); by default the official SDK with STRIPE_SECRET_KEY. */
  stripeGateway?: StripeGateway;
};

const REQUEST_ID = /^[\w.:-]{1,100}$/;

export async function buildApp({ config, database, secret, logger = true, logStream, stripeGateway }: AppOptions): Promise<FastifyInstance> {
  // A hop count trusts that many proxies in front, whatever their address; Fastify takes it only
  // as a function (proxy-addr numbers the socket's peer 0, the proxy before it 1, …).
  const trusted = config.TRUST_PROXY;
  const app = Fastify({
    logger: logger && {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.refreshToken'],
      // Every line that logs a request or an error goes through these: no token of a URL, no
      // parameter of a failed query.
      serializers: { req: serializeRequest, err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // A client that sends slowly holds a connection and memory: the whole request, an upload
    // included, must arrive in time, its headers sooner. Node checks both every second (its
    // default, 30 s, would let a slow request run half a minute past its time-out). No socket
    // idle time-out: a request may work longer than that (an import) without a byte either way.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    // Shutdown drains (lib/graceful-shutdown.ts): a request that arrives on a kept-alive connection
    // while the server closes is answered normally, with `Connection: close`, never refused with a 503.
    return503OnClosing: false,
    forceCloseConnections: false,
    // Single sign-on carries a whole JWT in the path.
    routerOptions: { maxParamLength: 8192 },
    // A path that does not decode (bad UTF-8, a lone surrogate's bytes) or is too long, in the one
    // error body of the API; the router answers these before any hook or error handler runs.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A part of the path is too long' : 'The path does not decode as UTF-8 text';
      const statusCode = tooLong ? 414 : 400;
      return (reply as FastifyReply)
        .code(statusCode)
        .header('cache-control', 'no-store')
        .send({ statusCode, error: tooLong ? 'URI Too Long' : 'Bad Request', message, details: [{ field: 'path', message }] });
    },
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // A caller's own request id is kept when it looks like one, so logs join up across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry tokens and personal data: no browser or proxy may keep them. Only the
    // health check and the API's own documentation are free of both.
    if (/^\/api(\/|$|\?)/.test(request.url) && !/^\/api\/(health|docs)(\/|$|\?)/.test(request.url)) {
      reply.header('cache-control', 'no-store');
    }
  });

  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const webDist = config.WEB_DIST_DIR;
  const serveSpa = Boolean(webDist && existsSync(`${webDist}/index.html`));

  // Order matters: headers and CORS first, so that they apply to every answer, errors included;
  // the OpenAPI collector before any route, so that it sees them all; access before the routes it guards.
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The door app's QR reader is WebAssembly, served from the portal itself.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'", ...(config.MONITORING_ORIGIN ? [new URL(config.MONITORING_ORIGIN).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The door app prints a walk-in's badge PDF from a hidden frame holding a blob: address.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
      },
    },
  });
  if (config.CORS_ORIGINS) {
    await app.register(cors, { origin: config.CORS_ORIGINS.split(',').map((o) => o.trim()), credentials: true });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Exhibitor Portal API',
        version: '1.0.0',
        description: 'Events, exhibitors, badges and allocations.',
        // The portal is not open source: its operator holds the rights (docs/decisions.md).
        license: { name: 'Proprietary', url: publicUrl },
      },
      // Without a configured public address, the server is wherever the document was read from.
      servers: [{ url: config.PUBLIC_URL ?? '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A paired check-in device's own token (`chk_…`), for the door's routes only.
          device: { type: 'http', scheme: 'bearer', bearerFormat: 'chk_ device token' },
          // An account's API token (`ept_…`, docs/api-tokens.md): its creator's scope with some of its permissions.
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ept_ API token',
            description: 'An API token made in the portal under API tokens; acts as its creator with only the permissions chosen for it.',
          },
        },
      },
      // Either a session's access token or an API token; routes a token may not use say so (lib/openapi.ts).
      security: [{ bearer: [] }, { apiToken: [] }],
    },
    transform: operationTransform,
  });
  await app.register(errorHandler, { serveSpa });
  // Backstops only: each form's own rules (lib/multipart-form.ts) cap its body and every part tighter.
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_SIZE_BYTES + 1, files: MAX_FORM_FILES, fields: 50, fieldSize: FORM_FIELDS_MAX_BYTES, parts: MAX_FORM_FILES + 50 },
  });

  const accessTokens = createAccessTokens(secret);
  const pdfPool = createPdfPool(config.PDF_WORKERS);
  app.addHook('onClose', () => pdfPool.close());
  const limiter = config.REDIS_URL
    ? createRedisLimiter(config.REDIS_URL, config.LOGIN_WINDOW_SECONDS, app.log)
    : createMemoryLimiter(config.LOGIN_WINDOW_SECONDS);
  app.addHook('onClose', () => limiter.close());
  await app.register(access, { db: database.db, accessTokens });

  const db = database.db;
  // On PostgreSQL several processes serve the API: files live in the database, where each reaches
  // them; what an earlier version kept on this process's disk is copied there first.
  const localFiles = createLocalFileStore(join(resolve(config.DATA_DIR), 'files'));
  const fileStore = database.kind === 'postgres' ? createDatabaseFileStore(db) : localFiles;
  if (database.kind === 'postgres') {
    const copied = await copyLocalFilesToDatabase(db, localFiles);
    if (copied > 0) app.log.info({ copied }, 'files kept on this disk copied into the database');
  }
  const files = createFilesService({ store: fileStore });
  // Badge registration links register badges through the badges service, with the category's fields.
  const badges = createBadgesService({ db, fieldValues: createFieldValues(files), files });
  const customFields = createCustomFieldsService({ db });
  const paymentProviders = createPaymentProviders(config, stripeGateway);
  const paymentSettlement = createPaymentSettlement({ db, publicUrl, providers: paymentProviders });
  const paymentStatusLinks = createPaymentStatusLinks(secret, config.PAYMENT_STATUS_LINK_TTL_HOURS * 3600);
  const webhookAllowList = parseAllowList(config.WEBHOOK_ALLOWED_HOSTS);
  const services = {
    auth: createAuthService({
      db,
      accessTokens,
      sso: createSsoVerifier(config),
      limiter,
      limits: {
        perAccount: config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
        perAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
        accountDelayMaxMs: config.LOGIN_ACCOUNT_DELAY_MAX_MS,
      },
    }),
    passwordReset: createPasswordReset({
      db,
      limiter,
      maxPerAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
      publicUrl,
    }),
    admins: createAdminsService({ db, publicUrl }),
    apiTokens: createApiTokensService({ db }),
    roles: createRolesService({ db }),
    companies: createCompaniesService({ db }),
    dashboard: createDashboardService({ db }),
    events: createEventsService({ db, files, provider: paymentProviders.active }),
    exhibitors: createExhibitorsService({ db, publicUrl, files }),
    subAccounts: createSubAccountsService({ db }),
    badgeCategories: createBadgeCategoriesService({ db, provider: paymentProviders.active }),
    customFields,
    emailTemplates: createEmailTemplatesService({ db, publicUrl }),
    emailOutbox: createEmailOutboxService({ db }),
    bulkSend: createBulkSendService({ db, publicUrl }),
    allocations: createAllocationsService({ db }),
    badges,
    badgePrints: createBadgePrintsService({ db, artist: createBadgeArtist({ db, files }) }),
    registrationLinks: createRegistrationLinksService({ db, publicUrl, limiter, maxPerAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS, badges, customFields }),
    allocationPurchases: createAllocationPurchasesService({
      db,
      publicUrl,
      vatRegistry: config.VAT_REGISTRY === 'vies' ? viesRegistry(config.VIES_URL) : noVatRegistry,
    }),
    eBadges: createEBadgesService({ db }),
    bulkImports: createBulkImportsService({
      db,
      publicUrl,
      onInvitationError: (error) => app.log.error({ err: error }, 'writing an import’s invitations failed; the sweeper retries'),
    }),
    invoices: createInvoicesService({ db, files, pdfPool }),
    invoiceSettings: createInvoiceSettingsService({ db, files }),
    badgeLayouts: createBadgeLayoutsService({ db, files }),
    checkInDevice: createCheckInDeviceService({ db, badges, files }),
    checkInScans: createCheckInScansService({ db }),
    checkInLists: createCheckInListsService({ db }),
    checkInDevices: createCheckInDevicesService({ db, publicUrl, limiter, maxPerAddress: config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS }),
    checkInLog: createCheckInLogService({ db }),
    leads: createLeadsService({ db }),
    leadSettings: createLeadSettingsService({ db }),
    webhooks: createWebhooksService({ db, allow: webhookAllowList, resolve: systemResolver }),
    payments: createPaymentsService({
      db,
      publicUrl,
      providers: paymentProviders,
      settlement: paymentSettlement,
      statusLinks: paymentStatusLinks,
      stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    }),
    bankStatements: createBankStatementsService({ db, publicUrl }),
    paymentStatus: createPaymentStatusService({
      db,
      settlement: paymentSettlement,
      statusLinks: paymentStatusLinks,
      limiter,
      maxPerAddress: config.PAYMENT_STATUS_MAX_PER_ADDRESS,
      syncIntervalSeconds: config.PAYMENT_SYNC_INTERVAL_SECONDS,
    }),
  };
  // A record's history asks the record's own feature whether the caller may read it.
  const audit = createAuditService({ db, readers: services });

  await app.register(
    async (api) => {
      // Before the routes, whose declarations it reads: which take a query, a body, a form.
      refuseUntakenInput(api);
      await api.register(healthRoutes, { ping: () => database.ping(), rateLimiter: () => limiter.state() });
      await api.register(authRoutes, services);
      await api.register(adminsRoutes, services);
      await api.register(apiTokensRoutes, services);
      await api.register(rolesRoutes, services);
      await api.register(companiesRoutes, services);
      await api.register(dashboardRoutes, services);
      await api.register(eventsRoutes, services);
      await api.register(exhibitorsRoutes, services);
      await api.register(subAccountsRoutes, services);
      await api.register(registrationLinksRoutes, services);
      await api.register(bulkSendRoutes, services);
      await api.register(badgeCategoriesRoutes, services);
      await api.register(customFieldsRoutes, services);
      await api.register(emailTemplatesRoutes, services);
      await api.register(emailOutboxRoutes, services);
      await api.register(allocationsRoutes, services);
      await api.register(badgesRoutes, services);
      await api.register(eBadgesRoutes, services);
      await api.register(badgePrintsRoutes, services);
      await api.register(bulkImportsRoutes, services);
      await api.register(allocationPurchasesRoutes, services);
      await api.register(paymentsRoutes, services);
      await api.register(stripeWebhookRoutes, services);
      await api.register(bankStatementsRoutes, services);
      await api.register(invoicesRoutes, services);
      await api.register(invoiceSettingsRoutes, services);
      await api.register(badgeLayoutsRoutes, services);
      await api.register(checkInDeviceRoutes, services);
      await api.register(checkInScansRoutes, services);
      await api.register(checkInListsRoutes, services);
      await api.register(checkInDevicesRoutes, services);
      await api.register(checkInLogRoutes, services);
      await api.register(leadsRoutes, services);
      await api.register(leadSettingsRoutes, services);
      await api.register(auditRoutes, { audit });
      await api.register(webhooksRoutes, services);
    },
    { prefix: '/api' },
  );

  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Without SMTP the messages stay in the outbox, readable there, until a mail server is configured.
  if (config.SMTP_URL) {
    const stopOutbox = startOutboxWorker({
      db,
      transport: createSmtpTransport(config.SMTP_URL, config.MAIL_FROM, { secret, domain: messageIdDomain(config.MAIL_FROM, config.PUBLIC_URL) }),
      intervalMs: config.OUTBOX_INTERVAL_MS,
      files,
      onError: (error) => app.log.error({ err: error }, 'email outbox round failed'),
    });
    app.addHook('onClose', stopOutbox);
  }

  // Every process sends webhooks; the outbox's claims keep them from sending one twice.
  const stopWebhooks = startWebhookWorker({
    db,
    allow: webhookAllowList,
    resolve: systemResolver,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    publicUrl,
    intervalMs: config.WEBHOOK_INTERVAL_MS,
    onError: (error) => app.log.error({ err: error }, 'webhook outbox round failed'),
  });
  app.addHook('onClose', stopWebhooks);

  const stopFileSweeper = startFileSweeper({
    db,
    store: fileStore,
    intervalMs: config.FILE_SWEEP_INTERVAL_MS,
    graceMs: config.FILE_SWEEP_GRACE_MS,
    onError: (error) => app.log.error({ err: error }, 'file sweep failed'),
  });
  app.addHook('onClose', stopFileSweeper);

  // A crash between an import's commit and its invitation mails leaves them owed: written here.
  const stopInvitationSweeper = startInvitationSweeper({
    db,
    publicUrl,
    intervalMs: config.INVITATION_SWEEP_INTERVAL_MS,
    onError: (error) => app.log.error({ err: error }, 'invitation sweep failed'),
  });
  app.addHook('onClose', stopInvitationSweeper);

  // A crash between a provider's answer and its effect leaves a payment unapplied: settled here.
  const stopPaymentSweeper = startPaymentSweeper({
    db,
    settlement: paymentSettlement,
    intervalMs: config.PAYMENT_SWEEP_INTERVAL_MS,
    onError: (error) => app.log.error({ err: error }, 'payment sweep failed'),
  });
  app.addHook('onClose', stopPaymentSweeper);

  // Leads are kept a set time after their event: exhibitors are reminded to export, then they go.
  const stopLeadRetentionSweeper = startLeadRetentionSweeper({
    db,
    publicUrl,
    intervalMs: config.LEAD_RETENTION_SWEEP_INTERVAL_MS,
    onError: (error) => app.log.error({ err: error }, 'lead retention sweep failed'),
  });
  app.addHook('onClose', stopLeadRetentionSweeper);

  if (serveSpa) {
    // Files are looked up at request time, so a rebuilt app is served without a restart; hashed
    // assets are cached for good, index.html never, so a deploy reaches browsers at once.
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: true,
      index: ['index.html'],
      // The build manifest (.vite/) is for the benchmark, not for browsers.
      dotfiles: 'ignore',
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
