import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ApiUsageDay } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** The app's calls per day, stacked by outcome (below 400, 4xx, 5xx), oldest day on the left. */
export function UsageChart({ days }: { days: ApiUsageDay[] }) {
  const { t } = useTranslation();
  return (
    <BarChart
      h={240}
      data={days}
      dataKey="date"
      type="stacked"
      aria-label={t('usage.chart.label')}
      role="img"
      withLegend
      tickLine="y"
      yAxisProps={{ allowDecimals: false }}
      series={[
        { name: 'successful', label: t('usage.series.successful'), color: 'teal.6' },
        { name: 'client_errors', label: t('usage.series.clientErrors'), color: 'yellow.6' },
        { name: 'server_errors', label: t('usage.series.serverErrors'), color: 'red.6' },
      ]}
    />
  );
}
