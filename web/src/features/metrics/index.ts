/**
 * What other features use: the developer's report page and Metrics tab (tabbed app page) and the
 * admin app page's Metrics tab render `<LazyEngagementReport … />`, the report from its own chunk;
 * `metricsHidden` says where the report does not exist.
 */
export { LazyEngagementReport } from './components/lazy-engagement-report.tsx';
export { metricsHidden } from './hidden.ts';
