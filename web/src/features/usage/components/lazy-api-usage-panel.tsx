import { lazy } from 'react';
import { importWithRetry } from '../../../app/lazy.ts';
import { LazyPart } from '../../../components/skeletons.tsx';

// Its own chunk: the chart library (recharts) loads with the panel, not with the app page.
const ApiUsagePanel = lazy(() =>
  importWithRetry(() => import('./api-usage-panel.tsx')).then((module) => ({
    default: module.ApiUsagePanel,
  })),
);

/** The API usage panel from its own chunk, with a loading line until it arrives. */
export function LazyApiUsagePanel({ appId }: { appId: string }) {
  return (
    <LazyPart>
      <ApiUsagePanel appId={appId} />
    </LazyPart>
  );
}
