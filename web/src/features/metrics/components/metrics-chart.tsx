import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { MetricsDay } from '../api.ts';

/** Past this many days a dot per day is noise to the eye and hundreds of SVG nodes to draw. */
const DOTS_UP_TO_DAYS = 90;

/** Daily installations and marketplace views as two area series, oldest day on the left. */
export function MetricsChart({ days }: { days: MetricsDay[] }) {
  const { t } = useTranslation();
  return (
    <AreaChart
      h={280}
      data={days}
      dataKey="date"
      aria-label={t('metrics.chart.label')}
      role="img"
      withLegend
      curveType="linear"
      withDots={days.length <= DOTS_UP_TO_DAYS}
      // Drawn once, not animated: a year of points animating keeps the main thread busy for frames.
      areaProps={{ isAnimationActive: false }}
      tickLine="y"
      // Counts: whole-number steps on the y-axis (one view is 0, 1 — not 0, 0.25, 0.5…).
      yAxisProps={{ allowDecimals: false }}
      // About a dozen dates on the x-axis, chosen by count: left to itself the chart measures every
      // day's label in the DOM to pick which fit (a forced layout per label, a year of them).
      xAxisProps={{ interval: Math.max(0, Math.ceil(days.length / 12) - 1) }}
      series={[
        { name: 'installations', label: t('metrics.series.installations'), color: 'blue.6' },
        { name: 'views', label: t('metrics.series.views'), color: 'teal.6' },
      ]}
    />
  );
}
