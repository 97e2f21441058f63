import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * One headline number of the report, named by its label (a group, so it reads as one thing), with
 * its change against the previous period and what it counts when that is not obvious.
 */
export function KpiCard({
  label,
  value,
  previous,
  format = (n) => n.toLocaleString(),
  description,
}: {
  label: string;
  value: number | null;
  /** The same number over the period before; undefined: no period to compare (all time). */
  previous?: number | null | undefined;
  format?: (value: number) => string;
  description?: string;
}) {
  const { t } = useTranslation();
  const change = () => {
    if (previous === undefined) return t('metrics.kpi.noPrevious');
    if (value === null || previous === null) return '—';
    if (value === previous) return t('metrics.kpi.unchanged');
    if (previous === 0) return t('metrics.kpi.newSincePrevious');
    const percent = ((value - previous) / Math.abs(previous)) * 100;
    return t('metrics.kpi.change', { change: `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%` });
  };
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid="kpi-value">
        {value === null ? '—' : format(value)}
      </Text>
      <Text size="xs">{change()}</Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </Paper>
  );
}
