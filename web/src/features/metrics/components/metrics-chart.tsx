import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { MetricsDay } from '../api.ts';

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
      tickLine="y"
      // Counts: whole-number steps on the y-axis (one view is 0, 1 — not 0, 0.25, 0.5…).
      yAxisProps={{ allowDecimals: false }}
      series={[
        { name: 'installations', label: t('metrics.series.installations'), color: 'blue.6' },
        { name: 'views', label: t('metrics.series.views'), color: 'teal.6' },
      ]}
    />
  );
}
