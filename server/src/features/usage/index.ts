/**
 * An app's platform API usage (issue 26 "Usage"): the OAuth feature's hook reports every platform API
 * call with `recordApiUsage`; the quota feature's impact preview reads the days with `apiCallsPerDay`.
 */
export { type ApiUsageCall, flushApiUsage, recordApiUsage } from './usage.record.ts';
export { usageRoutes } from './usage.routes.ts';
export { apiCallsPerDay } from './usage.service.ts';
