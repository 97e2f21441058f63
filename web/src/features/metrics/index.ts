/**
 * What other features use: the developer's Metrics tab (tabbed app page) and the admin app page's
 * Metrics tab render `<LazyEngagementReport … />`, the report from its own chunk.
 */
export { LazyEngagementReport } from './components/lazy-engagement-report.tsx';
