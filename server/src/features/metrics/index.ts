/**
 * An app's engagement metrics; what the single app needs: whether there are any. The ingestion
 * service, for the demo seed.
 */
export { ingestAppEvents } from './metrics.ingest.ts';
export { installedCompanies } from './metrics.repo.ts';
export { hasMetrics } from './metrics.service.ts';
