import { lazy } from 'react';
import { importWithRetry } from '../../../app/lazy.ts';
import { LazyPart } from '../../../components/skeletons.tsx';
import type { EngagementReportProps } from '../pages/engagement-report.tsx';

// Its own chunk: the chart library (recharts) loads only when a Metrics tab opens.
const EngagementReport = lazy(() =>
  importWithRetry(() => import('../pages/engagement-report.tsx')).then((module) => ({
    default: module.EngagementReport,
  })),
);

/** The engagement report from its own chunk, with a loading line until it arrives. */
export function LazyEngagementReport(props: EngagementReportProps) {
  return (
    <LazyPart>
      <EngagementReport {...props} />
    </LazyPart>
  );
}
