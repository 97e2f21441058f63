import type { App } from '../platform/http.ts';
import { sendMailJob } from '../platform/mail/mail.ts';
import { analyticsRoutes } from './analytics/analytics.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { configRoutes } from './config/config.routes.ts';
import { outboxRoutes } from './outbox/outbox.routes.ts';

/** Every feature's routes, mounted under /api/v1. Add a feature's module here. */
export const routeModules: Array<(app: App) => Promise<void>> = [
  configRoutes,
  authRoutes,
  analyticsRoutes,
  outboxRoutes,
];

/** Every background job. Add a feature's jobs here. */
// biome-ignore lint/suspicious/noExplicitAny: each job's context type is the AppContext
export const jobDefinitions: any[] = [sendMailJob];
