import type { App } from '../platform/http/route.ts';
import { sendMailJob } from '../platform/mail/mail.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { criticalFanOutJob } from './announcements/announcements.jobs.ts';
import { announcementsRoutes } from './announcements/announcements.routes.ts';
import { appsRoutes } from './apps/apps.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { accountPageAliasRoutes } from './auth/auth.pages.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { collaboratorsRoutes } from './collaborators/collaborators.routes.ts';
import { configRoutes } from './config/config.routes.ts';
import { resealSecretsJob } from './credentials/credentials.jobs.ts';
import { credentialsRoutes } from './credentials/credentials.routes.ts';
import { developerAppsRoutes } from './developer-apps/developer-apps.routes.ts';
import { marketplaceAccessRoutes } from './listings/listings.access-routes.ts';
import { listingsRoutes, videosRoutes } from './listings/listings.routes.ts';
import { manifestsRoutes } from './manifests/manifests.routes.ts';
import { marketplaceRoutes } from './marketplace/marketplace.routes.ts';
import { installationsCsvPageRoutes, metricsRoutes } from './metrics/metrics.routes.ts';
import { outboxRoutes } from './outbox/outbox.routes.ts';
import { quotaRoutes } from './quota/index.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import { provisionSandboxJob } from './sandboxes/sandboxes.jobs.ts';
import { sandboxesRoutes } from './sandboxes/sandboxes.routes.ts';
import { usageRoutes } from './usage/index.ts';

/** Every feature's routes, mounted under /api/v1. Add a feature's module here. */
export const routeModules: Array<(app: App) => Promise<void>> = [
  configRoutes,
  authRoutes,
  analyticsRoutes,
  outboxRoutes,
  adminRoutes,
  auditRoutes,
  announcementsRoutes,
  developerAppsRoutes,
  appsRoutes,
  credentialsRoutes,
  sandboxesRoutes,
  collaboratorsRoutes,
  manifestsRoutes,
  listingsRoutes,
  marketplaceAccessRoutes,
  marketplaceRoutes,
  videosRoutes,
  metricsRoutes,
  usageRoutes,
  referenceRoutes,
  quotaRoutes,
];

/** Routes on web page paths (outside /api), mounted before the SPA's fallback answers them. */
export const pageRouteModules: Array<(app: App) => Promise<void>> = [
  accountPageAliasRoutes,
  installationsCsvPageRoutes,
];

/** Every background job. Add a feature's jobs here. */
// biome-ignore lint/suspicious/noExplicitAny: each job's context type is the AppContext
export const jobDefinitions: any[] = [sendMailJob, criticalFanOutJob, provisionSandboxJob, resealSecretsJob];
