/** An app's engagement metrics; what the single app needs: whether there are any. */
export { hasMetrics } from './metrics.service.ts';
