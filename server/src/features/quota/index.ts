/** Rate-limit buckets (QuotaMinder): admin CRUD, shadow counts, impact preview, checks and the platform API hook. */
export { checkQuota, type QuotaCheck, type QuotaCheckOutcome, rateLimited } from './quota.check.ts';
export { type QuotaHookOptions, quotaHook } from './quota.hook.ts';
export { quotaRoutes } from './quota.routes.ts';
export { flushTraffic } from './quota.traffic.ts';
