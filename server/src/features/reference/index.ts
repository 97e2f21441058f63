/** The API reference: changelog entries, OpenAPI documents and their diff, the feed, the guides. */
export { createEntry, importOpenApi } from './reference.admin.ts';
export { referenceRoutes } from './reference.routes.ts';
export { type RuntimeSignals, runtimeSignals, SIGNALS_REFRESH_MS } from './reference.signals.ts';
