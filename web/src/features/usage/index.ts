/** What other features use: the app pages render `<LazyApiUsagePanel appId=… />`, the panel from its own chunk. */
export { LazyApiUsagePanel } from './components/lazy-api-usage-panel.tsx';
